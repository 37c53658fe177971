/**
 * The render thread's entry (render-thread.ts, decision 032): it loads the web build and puts framed pages together
 * — the route's part rendered by React, the hydration data encoded, the frame's holes filled and the page gzipped
 * around the frame's pieces — for the serving thread, which keeps the HTTP, the loaders and the catalogue. The page goes
 * back as its gzip alone (render-thread.ts says why).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ServerBuild } from 'react-router';
import { fillFrame, frameEntryOf, framedBranches, pageState, type Frame } from './frames.js';
import { asBuffer, NO_FRAME, type RenderAsk, type RenderAnswer } from './render-thread.js';

/**
 * Frames this thread keeps, the last used (a frame is sent with its first page, and again when it was let go): a
 * minute's kinds of visitor in use are a handful per route, and the serving thread makes new ones each minute.
 */
const FRAMES_KEPT = 16;

const build = (await import(workerData.buildFile as string)) as ServerBuild;
const entry = frameEntryOf(build);
const branches = framedBranches(build);
const frames = new Map<number, Frame>();
/** Whether a buffer is the whole of its memory (then it is moved to the serving thread, not copied). */
const whole = (b: Buffer) => b.byteOffset === 0 && b.byteLength === b.buffer.byteLength;

function keep(id: number, frame: Frame) {
  frame.pieces = frame.pieces.map((piece) => (piece instanceof Uint8Array ? asBuffer(piece) : piece));
  for (const fixed of frame.compressed.values()) {
    fixed.text = asBuffer(fixed.text);
    fixed.piece = asBuffer(fixed.piece);
  }
  frames.set(id, frame);
  if (frames.size > FRAMES_KEPT) frames.delete(frames.keys().next().value!);
}

/** A kept frame, moved to the end of the keeping order (the least used goes first). */
function used(id: number): Frame | undefined {
  const frame = frames.get(id);
  if (frame) {
    frames.delete(id);
    frames.set(id, frame);
  }
  return frame;
}

parentPort!.on('message', (ask: RenderAsk) => {
  void (async (): Promise<RenderAnswer> => {
    if (ask.frame) keep(ask.frameId, ask.frame);
    const frame = used(ask.frameId);
    const branch = branches.get(ask.leafId);
    if (!entry || !frame || !branch) return { id: ask.id, error: NO_FRAME };
    const { loaderData, line } = pageState(frame, ask.leafId, ask.data);
    const holes = await entry.renderHoles(branch, ask.url, loaderData, new Map(ask.parts));
    const page = fillFrame(frame, { nonce: ask.nonce, search: ask.search, ...holes, data: line });
    return { id: ask.id, size: page.size, gzip: await page.gzip() };
  })().catch((error: unknown) => ({ id: ask.id, error: error instanceof Error ? error.message : String(error) })).then((answer) => {
    const moved = 'gzip' in answer && whole(answer.gzip) ? [answer.gzip.buffer as ArrayBuffer] : [];
    parentPort!.postMessage(answer, moved);
  });
});
parentPort!.postMessage({ ready: true });
