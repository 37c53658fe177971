import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { serveEnv, serveNodeArgs, webBuildIsCurrent, webSourcesDigest } from '../../../scripts/lib/web-build.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const temps: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function write(root: string, rel: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

describe('npm start builds the web app only when its sources changed', () => {
  it('the digest follows the sources the build reads, and nothing else', () => {
    const root = tempDir('sorkhab-digest-');
    write(root, 'apps/web/app/root.tsx', 'export default 1;');
    write(root, 'packages/shared/src/index.ts', 'export const a = 1;');
    write(root, 'package-lock.json', '{}');
    const before = webSourcesDigest(root);
    write(root, 'apps/server/src/main.ts', 'server code'); // not a web source
    write(root, 'apps/web/build/client/x.js', 'build output');
    expect(webSourcesDigest(root)).toBe(before);
    write(root, 'packages/shared/src/index.ts', 'export const a = 2;');
    expect(webSourcesDigest(root)).not.toBe(before);
  });

  it('a build is current only when it exists and was stamped with the sources as they are', () => {
    const root = tempDir('sorkhab-stamp-');
    write(root, 'apps/web/app/root.tsx', 'export default 1;');
    expect(webBuildIsCurrent(root)).toBe(false); // no build
    write(root, 'apps/web/build/server/index.js', '');
    expect(webBuildIsCurrent(root)).toBe(false); // a build without a stamp (made by hand)
    write(root, 'apps/web/build/.sources', `${webSourcesDigest(root)}\n`);
    expect(webBuildIsCurrent(root)).toBe(true);
    write(root, 'apps/web/app/root.tsx', 'export default 2;');
    expect(webBuildIsCurrent(root)).toBe(false);
  });
});

describe('the launchers run the server as npm run serve does', () => {
  it('with its environment (one malloc arena: the memory bound) and its node flags', () => {
    const root = tempDir('sorkhab-serve-');
    write(root, 'package.json', JSON.stringify({ scripts: { serve: 'MALLOC_ARENA_MAX=2 NODE_ENV=production node --max-old-space-size=256 --import tsx apps/server/src/main.ts' } }));
    expect(serveEnv(root)).toEqual({ MALLOC_ARENA_MAX: '2', NODE_ENV: 'production' });
    expect(serveNodeArgs(root)).toEqual(['--max-old-space-size=256', '--import', 'tsx', 'apps/server/src/main.ts']);
    expect(serveEnv(ROOT).MALLOC_ARENA_MAX).toBe('1'); // the project's own script keeps it (one arena: decision 032)
    // glibc's mmap threshold above zlib's tables and a page's buffers, its trim threshold above a page's worth (decision 031)
    expect(serveEnv(ROOT)).toMatchObject({ MALLOC_MMAP_THRESHOLD_: '262144', MALLOC_TRIM_THRESHOLD_: '1048576' });
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('npm start and signals', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s to the launcher stops the server it started, gracefully', async (signal) => {
    const port = await freePort();
    const launcher = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--no-build'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: tempDir('sorkhab-start-'), SEED_DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    launcher.stdout!.on('data', (d) => { out += d; });
    launcher.stderr!.on('data', (d) => { out += d; });
    const exited = new Promise<number | null>((resolve) => launcher.on('exit', (code) => resolve(code)));
    let up = false;
    // A first start transpiles the server (tsx) and migrates a new database: 8 s on a quiet 2-core machine, past 30 s
    // beside CI's other test files and a browser (both signals and both databases timed out there at vitest's 30 s).
    // The test's budget is therefore its own, not a guess at the machine's speed: up to 100 s to come up.
    for (let i = 0; i < 400 && !up && launcher.exitCode === null; i++) {
      up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      if (!up) await new Promise((r) => setTimeout(r, 250));
    }
    expect(up, out).toBe(true);
    launcher.kill(signal);
    expect(await exited, out).toBe(0); // the server closed gracefully and the launcher passed on its status
    expect(await fetch(`http://127.0.0.1:${port}/api/health`).then(() => 'answered', () => 'closed')).toBe('closed');
  }, 150_000);
});
