import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { compress, COMPRESS_FROM_BYTES } from '../../apps/server/src/lib/compression.js';

/**
 * The web build and what it was built from: `npm run build` writes a digest of every source the
 * build reads beside the build (`apps/web/build/.sources`), and `npm start` builds again only when the
 * digest of the sources differs — a restart on an unchanged checkout starts at once.
 */
const INPUTS = [
  'apps/web/app', 'apps/web/public', 'packages/shared/src',
  'apps/web/vite.config.ts', 'apps/web/react-router.config.ts', 'apps/web/tsconfig.json', 'apps/web/package.json',
  'packages/shared/package.json', 'package-lock.json',
];
const STAMP = 'apps/web/build/.sources';
const BUILT = 'apps/web/build/server/index.js';

function filesUnder(root: string, rel: string): string[] {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [rel];
  return fs.readdirSync(full, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.') && e.name !== 'node_modules')
    .flatMap((e) => filesUnder(root, path.join(rel, e.name)));
}

/** A digest of the web build's sources: every file's path and content, in a fixed order. */
export function webSourcesDigest(root: string, inputs: readonly string[] = INPUTS): string {
  const hash = crypto.createHash('sha256');
  for (const rel of inputs.flatMap((i) => filesUnder(root, i)).sort()) {
    hash.update(`${rel.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when the build exists and was made from the sources as they are now. */
export function webBuildIsCurrent(root: string): boolean {
  const stamp = path.join(root, STAMP);
  return fs.existsSync(path.join(root, BUILT)) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === webSourcesDigest(root);
}

/** Builds the web app (react-router build), compresses its static files and records what it was built from; false when the build failed. */
export async function buildWeb(root: string): Promise<boolean> {
  const digest = webSourcesDigest(root); // taken before: a file edited during the build makes the next start build again
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const res = spawnSync(npm, ['run', 'build', '--silent', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) return false;
  await precompress(path.join(root, 'apps/web/build/client'));
  fs.writeFileSync(path.join(root, STAMP), `${digest}\n`);
  return true;
}

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy of every compressible static file of 1 KB or more beside it, at the
 * highest level (lib/compression.ts): the server sends those (@fastify/static's preCompressed) instead of
 * compressing the same file on every request. Answers how many files it compressed.
 */
export async function precompress(dir: string): Promise<number> {
  const files = filesUnder(dir, '.').map((rel) => path.join(dir, rel)).filter((f) => COMPRESSIBLE.test(f) && fs.statSync(f).size >= COMPRESS_FROM_BYTES);
  await Promise.all(files.map(async (file) => {
    const body = fs.readFileSync(file);
    const [br, gz] = await Promise.all([compress(body, 'br', 'best'), compress(body, 'gzip', 'best')]);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
  }));
  return files.length;
}

const serveScript = (root: string): string => JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.serve;

/** The node flags of `npm run serve` (package.json is their one place). */
export function serveNodeArgs(root: string): string[] {
  return serveScript(root).replace(/^(\w+=\S*\s+)*node\s+/, '').trim().split(/\s+/);
}

/**
 * The environment `npm run serve` sets before node (`NODE_ENV=production`; `MALLOC_ARENA_MAX=1`: glibc
 * otherwise gives each of node's threads its own malloc arena, ≈ 50 MB more resident memory at 100,000
 * products, docs/decisions/015-catalogue-in-memory.md — two arenas until the render thread came, one since: a
 * second arena was ≈ 10 MB of the cold mix's peak, docs/decisions/032-listing-frames.md;
 * `MALLOC_MMAP_THRESHOLD_=262144`: brotli's windows and tables on the thread pool (256 KB and more) come from mmap and
 * go back to the system when freed, instead of staying in the arenas — the cold page mix's peak RSS 425–437 → 388 MB
 * when the threshold was 64 KB — while zlib's deflate tables (64–128 KB each) and a page's buffers come from the arena:
 * at 64 KB each deflate mapped and unmapped them, ≈ 100 µs of system time a call and half the render thread's time on a
 * crawler's page; `MALLOC_TRIM_THRESHOLD_=1048576`: a freed megabyte at the heap's top is kept for the next page rather
 * than given back and taken again; docs/decisions/031-memory-under-the-cold-mix.md).
 */
export function serveEnv(root: string): Record<string, string> {
  const prefix = /^((\w+=\S*\s+)*)node\s/.exec(serveScript(root))?.[1] ?? '';
  return Object.fromEntries(prefix.trim().split(/\s+/).filter(Boolean).map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
}
