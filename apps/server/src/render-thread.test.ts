import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Frame } from './frames.js';
import { IN_HAND, NO_FRAME, RenderThread } from './render-thread.js';

/**
 * The serving thread's side of the render thread (render-thread.ts) against stand-in workers: a page comes back as the
 * worker made it (its gzip, and its bytes read from that gzip when asked for), a frame is sent with its first page and
 * again when the worker no longer has it, and a worker that fails or stops leaves the page to the serving thread until
 * it is started again. (frames.test.ts checks the real worker's pages byte for byte against React Router's.)
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-render-thread-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A stand-in worker: answers each ask with what it got; `crashFirst`: exits at its first ask while `marker` is missing. */
function workerFile(name: string, body: string): string {
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(file, `import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
const kept = new Set();
const held = [];
function answer(ask) {
  if (ask.frame) kept.add(ask.frameId);
  if (!kept.has(ask.frameId)) return parentPort.postMessage({ id: ask.id, error: ${JSON.stringify(NO_FRAME)} });
  const html = Buffer.from(JSON.stringify({ withFrame: !!ask.frame, data: ask.data, parts: ask.parts, nonce: ask.nonce, search: ask.search }));
  const gzip = zlib.gzipSync(html);
  parentPort.postMessage({ id: ask.id, size: html.length, gzip }, gzip.byteLength === gzip.buffer.byteLength ? [gzip.buffer] : []);
}
parentPort.on('message', (ask) => {
  ${body}
  answer(ask);
});
parentPort.postMessage({ ready: true });
`);
  return file;
}

const frame = (): Frame => ({ pieces: [Buffer.from('<p>'), { hole: 'main' }], status: 200, headers: [], state: { loaderData: {}, actionData: null, errors: null }, compressed: new Map() });
const fill = (n: number) => ({ leafId: 'routes/store/search', url: `http://shop.example/search?search=${n}`, data: { n }, parts: [['menu', '<nav/>']] as [string, string][], nonce: `nonce${n}`, search: String(n) });
const warnings: string[] = [];
const warn = (_err: unknown, msg: string) => { warnings.push(msg); };

describe('the render thread, seen from the serving thread', () => {
  it('answers the page its worker made, sending a frame once, and again when the worker has let it go', async () => {
    const thread = new RenderThread(workerFile('echo', 'if (ask.data.n === 3) kept.clear();'), 'unused', warn);
    const f = frame();
    expect(await thread.render(f, fill(0))).toBeUndefined(); // not started yet: the serving thread makes it
    await thread.started();
    const first = await thread.render(f, fill(1));
    expect(first && 'html' in first && JSON.parse(first.html().toString())).toEqual({ withFrame: true, data: { n: 1 }, parts: [['menu', '<nav/>']], nonce: 'nonce1', search: '1' });
    expect(first && 'size' in first && first.size).toBe(first && 'html' in first && first.html().length);
    const second = await thread.render(f, fill(2));
    expect(second && 'html' in second && JSON.parse(second.html().toString()).withFrame).toBe(false);
    // The worker drops its frames at n = 3: that page is answered as not made, and the next one carries the frame again.
    expect(await thread.render(f, fill(3))).toEqual({ error: NO_FRAME });
    const fourth = await thread.render(f, fill(4));
    expect(fourth && 'html' in fourth && JSON.parse(fourth.html().toString()).withFrame).toBe(true);
    // Pages asked at once each get their own answer.
    const many = await Promise.all([5, 6, 7, 8].map((n) => thread.render(f, fill(n))));
    expect(many.map((p) => p && 'html' in p && JSON.parse(p.html().toString()).data.n)).toEqual([5, 6, 7, 8]);
    await thread.close();
    expect(await thread.render(f, fill(9))).toBeUndefined(); // closed: the serving thread makes every page
  });

  it('has at most IN_HAND pages in hand: past them, pages are made on the serving thread', async () => {
    // A worker that holds every page until it has IN_HAND + 1 of them, then answers them all.
    const thread = new RenderThread(workerFile('slow', `held.push(ask); if (held.length <= ${IN_HAND}) return; for (const a of held.splice(0)) answer(a); return;`), 'unused', warn);
    await thread.started();
    const f = frame();
    const first = Array.from({ length: IN_HAND }, (_, n) => thread.render(f, fill(n)));
    expect(await thread.render(f, fill(IN_HAND))).toBeUndefined(); // one more: not taken
    const pages = await Promise.race([Promise.all(first), new Promise((resolve) => setTimeout(() => resolve('held'), 300))]);
    expect(pages).toBe('held'); // the worker still holds them: the page above was never sent
    await thread.close();
    expect(await Promise.all(first)).toEqual(Array.from({ length: IN_HAND }, () => undefined)); // closed: made here
  });

  it('leaves the pages to the serving thread when its worker stops, and starts it again a little later', async () => {
    const marker = path.join(dir, 'crashed');
    const thread = new RenderThread(workerFile('crash', `if (!fs.existsSync(${JSON.stringify(marker)})) { fs.writeFileSync(${JSON.stringify(marker)}, ''); process.exit(3); }`),
      'unused', warn, 200);
    await thread.started();
    const f = frame();
    const [a, b] = await Promise.all([thread.render(f, fill(1)), thread.render(f, fill(2))]);
    expect([a, b]).toEqual([undefined, undefined]); // both waiting when it stopped
    expect(warnings.some((w) => w.startsWith('render thread stopped'))).toBe(true);
    expect(await thread.render(f, fill(3))).toBeUndefined(); // not started again at once
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await thread.render(f, fill(4))).toBeUndefined(); // started now, not ready yet
    await thread.started();
    const page = await thread.render(f, fill(5));
    expect(page && 'html' in page && JSON.parse(page.html().toString())).toMatchObject({ withFrame: true, data: { n: 5 } }); // a new worker: the frame sent again
    await thread.close();
  });
});
