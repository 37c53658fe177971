import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { webSourcesDigest } from './web-build.js';

/**
 * The server's production build (decision 003): apps/server/src and the shared package bundled by esbuild into
 * one ES module, `apps/server/build/main.js`, which `npm run serve` runs with plain node, and the render thread's
 * beside it (`render-worker.js`, started by main.js: src/render-thread.ts). Packages stay
 * imports of node_modules; only the project's own TypeScript is bundled. Stamped like the web build, so
 * `npm start` rebuilds it only when its sources changed.
 */
const INPUTS = ['apps/server/src', 'packages/shared/src', 'apps/server/package.json', 'packages/shared/package.json', 'package-lock.json'];
const SERVER_DIR = 'apps/server/build';
const SERVER_BUNDLE = `${SERVER_DIR}/main.js`;
const WORKER_BUNDLE = `${SERVER_DIR}/render-worker.js`;
const STAMP = 'apps/server/build/.sources';

export function serverBuildIsCurrent(root: string): boolean {
  const stamp = path.join(root, STAMP);
  return fs.existsSync(path.join(root, SERVER_BUNDLE)) && fs.existsSync(path.join(root, WORKER_BUNDLE)) && fs.existsSync(stamp)
    && fs.readFileSync(stamp, 'utf8').trim() === webSourcesDigest(root, INPUTS);
}

/** esbuild's options for the server's bundle (a test builds it in memory with them: server-bundle.test.ts). */
export const serverBuildOptions = (root: string): BuildOptions => ({
  entryPoints: { main: path.join(root, 'apps/server/src/main.ts'), 'render-worker': path.join(root, 'apps/server/src/render-worker.ts') },
  outdir: path.join(root, SERVER_DIR),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  // Every package import stays an import of node_modules; the workspace's own packages are bundled.
  plugins: [{
    name: 'packages-external',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@sorkhab/') ? undefined : { path: args.path, external: true }));
    },
  }],
});

/** Bundles the server; false (with esbuild's messages printed) when it fails. */
export async function buildServer(root: string): Promise<boolean> {
  const digest = webSourcesDigest(root, INPUTS);
  try {
    await build(serverBuildOptions(root));
  } catch {
    return false;
  }
  fs.writeFileSync(path.join(root, STAMP), `${digest}\n`);
  return true;
}
