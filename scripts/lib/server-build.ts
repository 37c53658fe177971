import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { webSourcesDigest } from './web-build.js';

/**
 * The server's production build (decision 003): apps/server/src and the shared package bundled by esbuild into
 * ES modules: `apps/server/build/main.js`, which `npm run serve` runs with plain node and which loads the server
 * (serve.ts) as a chunk of its own once PGlite's thread is opening (decision 034); the render thread's entry beside it
 * (`render-worker.js`, src/render-thread.ts); the code they share in chunks beside them; and PGlite's thread
 * (`pglite-worker.mjs`, plain JavaScript, copied as it is). The packages are bundled too, but for those KEPT_EXTERNAL
 * names. Stamped like the web build, so `npm start` rebuilds it only when its sources changed.
 */
// This file too: a change of what is bundled makes another bundle from the same sources.
const INPUTS = ['apps/server/src', 'packages/shared/src', 'apps/server/package.json', 'packages/shared/package.json', 'package-lock.json', 'scripts/lib/server-build.ts'];
const SERVER_DIR = 'apps/server/build';
const SERVER_BUNDLE = `${SERVER_DIR}/main.js`;
const WORKER_BUNDLE = `${SERVER_DIR}/render-worker.js`;
const PGLITE_WORKER = 'apps/server/src/db/pglite-worker.mjs';
const STAMP = 'apps/server/build/.sources';
/**
 * The packages that stay imports of node_modules; every other one is bundled (a restart loaded their files one by
 * one before — the bundle holds 748 of them; a restart's first page ≈ 0.15 s sooner bundled: docs/benchmarks.md,
 * thirty-seventh session). Kept: what the web app's server build imports too, React Router (one copy, so its classes
 * and context are the same on both sides) and zod (one copy loaded, not two); PGlite, whose WASM and data files lie
 * beside its module; the native sharp; and the drivers and clients loaded only when configured (pg, ioredis, the S3
 * client) or first used (the number words).
 */
const KEPT_EXTERNAL = ['react-router', 'zod', '@electric-sql/pglite', 'sharp', 'pg', 'pg-native', 'ioredis', '@aws-sdk', '@persian-tools/persian-tools'];

export function serverBuildIsCurrent(root: string): boolean {
  const stamp = path.join(root, STAMP);
  return [SERVER_BUNDLE, WORKER_BUNDLE, `${SERVER_DIR}/${path.basename(PGLITE_WORKER)}`, STAMP].every((f) => fs.existsSync(path.join(root, f)))
    && fs.readFileSync(stamp, 'utf8').trim() === webSourcesDigest(root, INPUTS);
}

/** esbuild's options for the server's bundle (a test builds it in memory with them: server-bundle.test.ts). */
export const serverBuildOptions = (root: string): BuildOptions => ({
  entryPoints: { main: path.join(root, 'apps/server/src/main.ts'), 'render-worker': path.join(root, 'apps/server/src/render-worker.ts') },
  outdir: path.join(root, SERVER_DIR),
  bundle: true,
  // main.js's `import('./serve.js')` a chunk of its own, loaded after the database has started opening.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  // Whitespace and syntax only: the names stay, so a stack trace still says which function (a bundle of 4.4 MB as
  // written held ≈ 7 MB more of V8's heap than the same code minified so: thirty-seventh session).
  minifyWhitespace: true,
  minifySyntax: true,
  // The bundled CommonJS packages' own `require` of Node's modules (and of what they load by name) in an ES module.
  banner: { js: "import { createRequire as __sorkhabRequire } from 'node:module'; const require = __sorkhabRequire(import.meta.url);" },
  plugins: [{
    name: 'packages-external',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => (KEPT_EXTERNAL.some((p) => args.path === p || args.path.startsWith(`${p}/`)) ? { path: args.path, external: true } : undefined));
    },
  }, {
    // Swagger UI serves its page's files from its own folder, found from `__dirname`, which a bundle's ES module does
    // not have: each of its modules is given the folder it was read from, resolved where the bundle runs.
    name: 'swagger-ui-folder',
    setup(b) {
      const pkg = '@fastify/swagger-ui/package.json';
      const folder = path.dirname(createRequire(path.join(root, 'package.json')).resolve(pkg));
      b.onLoad({ filter: /[\\/]node_modules[\\/]@fastify[\\/]swagger-ui[\\/].*\.js$/ }, async (args) => {
        const sub = path.relative(folder, path.dirname(args.path)).split(path.sep).join('/');
        const dirname = `require('node:path').join(require('node:path').dirname(require.resolve('${pkg}')), ${JSON.stringify(sub)})`;
        return { contents: `var __dirname = ${dirname};\n${await fs.promises.readFile(args.path, 'utf8')}`, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  }],
});

/** Bundles the server; false (with esbuild's messages printed) when it fails. */
export async function buildServer(root: string): Promise<boolean> {
  const digest = webSourcesDigest(root, INPUTS);
  const dir = path.join(root, SERVER_DIR);
  let outputs: string[];
  try {
    const result = await build({ ...serverBuildOptions(root), metafile: true });
    outputs = Object.keys(result.metafile.outputs).map((f) => path.resolve(f)); // relative to the working folder
  } catch {
    return false;
  }
  // The chunks of earlier builds (their names carry a hash) go.
  for (const f of fs.readdirSync(dir)) {
    if (f.endsWith('.js') && !outputs.includes(path.join(dir, f))) fs.rmSync(path.join(dir, f));
  }
  fs.copyFileSync(path.join(root, PGLITE_WORKER), path.join(dir, path.basename(PGLITE_WORKER)));
  fs.writeFileSync(path.join(root, STAMP), `${digest}\n`);
  return true;
}
