/**
 * `npm start`: builds the web app and the server's bundle only when their sources changed since the last
 * build, then runs the production server as `npm run serve` does. Ctrl-C and SIGTERM (from npm, a terminal or a
 * service manager) reach the server, which closes gracefully; this process exits with its status.
 *
 *   --no-build   start on the build as it is (fails if there is none)
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverBuildIsCurrent } from './lib/server-build.js';
import { buildWeb, serveEnv, serveNodeArgs, webBuildIsCurrent } from './lib/web-build.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!process.argv.includes('--no-build')) {
  if (!webBuildIsCurrent(ROOT)) {
    console.log('Building the web app (its sources changed since the last build)…');
    if (!(await buildWeb(ROOT))) process.exit(1);
  }
  if (!serverBuildIsCurrent(ROOT)) {
    console.log('Building the server (its sources changed since the last build)…');
    if (!(await buildServer(ROOT))) process.exit(1);
  }
}

const server = spawn(process.execPath, serveNodeArgs(ROOT), {
  cwd: ROOT, stdio: 'inherit', env: { ...serveEnv(ROOT), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  // A terminal's Ctrl-C reaches the whole process group; sending it on again is harmless (the server closes once).
  process.on(signal, () => { if (server.exitCode === null) server.kill(signal); });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 143)));
