import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** A server in a child process, as the benchmarks and the deployment test start it. */

export interface Child {
  proc: ChildProcess;
  pid: number;
  port: number;
  base: string;
  stop(): Promise<void>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts a child process and waits until `readyPath` answers 200 (or the child dies). */
export async function startChild(name: string, args: string[], opts: { port: number; env: NodeJS.ProcessEnv; logFile: string; readyPath: string; timeoutMs?: number; cwd?: string }): Promise<Child> {
  const log = fs.openSync(opts.logFile, 'a');
  const proc = spawn(process.execPath, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  let exited: number | null | undefined;
  proc.on('exit', (code) => { exited = code; });
  const base = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (exited !== undefined) throw new Error(`${name} exited with ${exited} before it was ready; see ${opts.logFile}`);
    if (Date.now() > deadline) { proc.kill('SIGKILL'); throw new Error(`${name} not ready in time; see ${opts.logFile}`); }
    try {
      const res = await fetch(base + opts.readyPath);
      if (res.ok) break;
    } catch { /* not listening yet */ }
    await sleep(200);
  }
  return {
    proc, pid: proc.pid!, port: opts.port, base,
    async stop() {
      if (exited !== undefined) return;
      const gone = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      // A server at 100,000 products saves ≈ 1 GB of product pages on its way out (≈ 10 s on the 2-core VM): killed in the
      // middle, the next start builds them all again.
      const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
      await gone;
      clearTimeout(timer);
    },
  };
}
