import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startChild, type Child } from '../../../scripts/lib/child.js';
import { withDatabase } from './global-setup.js';

/** The pieces of a scaled-out shop on one machine, for test/deployment.test.ts: server processes, nginx, a database. */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Debian's nginx, wherever PATH has it; undefined when it is not installed. */
export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((d) => path.join(d, 'nginx')).find((f) => fs.existsSync(f));
}

const listens = (port: number) => new Promise<boolean>((resolve) => {
  const s = net.createServer().once('error', () => resolve(false)).listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
});

/** `n` free loopback ports in 4500–4599 (the range this project's tests use on a shared machine), from a random start. */
export async function freePorts(n: number): Promise<number[]> {
  const found: number[] = [];
  const start = Math.floor(Math.random() * 100);
  for (let i = 0; i < 100 && found.length < n; i++) {
    const port = 4500 + ((start + i) % 100);
    if (await listens(port)) found.push(port);
  }
  if (found.length < n) throw new Error(`only ${found.length} of ${n} ports free in 4500-4599`);
  return found;
}

/** An empty database on the server of `url`, dropped (with its connections) by `drop`. */
export async function emptyDatabase(url: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try { await client.query(sql); } finally { await client.end(); }
  };
  await admin(`CREATE DATABASE "${name}"`);
  return { url: withDatabase(url, name), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * One copy of the shop as production runs it: the server bundle (`apps/server/build/main.js`, which the test run's
 * global setup builds when it is not current), ready when /api/health answers.
 */
export function startCopy(name: string, port: number, env: Record<string, string>, logFile: string): Promise<Child> {
  return startChild(name, ['apps/server/build/main.js'], {
    cwd: REPO, port, logFile, readyPath: '/api/health', timeoutMs: 60_000,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
  });
}

/**
 * The load balancer: round robin over the copies, the client's address passed on (the copies run with TRUST_PROXY=true),
 * uploads up to the server's own limit (a gallery form: 20 images of 5 MB). docs/deployment.md shows the same config.
 */
function nginxConfig(opts: { prefix: string; listen: number; upstreams: number[] }): string {
  const temp = (kind: string) => `${kind}_temp_path ${path.join(opts.prefix, `${kind}_temp`)};`;
  return `daemon off;
worker_processes 1;
pid ${path.join(opts.prefix, 'nginx.pid')};
error_log ${path.join(opts.prefix, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  upstream sorkhab {
${opts.upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${opts.listen};
    client_max_body_size 100m;
    location / {
      proxy_pass http://sorkhab;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
}

/** Starts nginx in the foreground on a generated config in `prefix`; ready when it answers /api/health. */
export async function startNginx(nginx: string, opts: { prefix: string; listen: number; upstreams: number[] }) {
  // As root, nginx's workers run as nobody: they must be able to enter the prefix to write their temporary files.
  fs.chmodSync(opts.prefix, 0o755);
  const conf = path.join(opts.prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(opts));
  const proc = spawn(nginx, ['-p', opts.prefix, '-c', conf, '-e', path.join(opts.prefix, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (d) => { stderr += d; });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${opts.listen}`;
  try {
    await until(async () => {
      if (proc.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      return (await fetch(`${base}/api/health`).catch(() => null))?.ok === true;
    }, 'nginx to answer', 15_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, stop };
}

/** Polls `check` every 50 ms until it is true; fails after `ms` naming what it waited for. */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
