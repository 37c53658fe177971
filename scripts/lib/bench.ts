import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';

/** Shared pieces of the load benchmarks: child servers, autocannon runs, memory, the table. */

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
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

export interface RunResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  peakRssMb: number;
}

/** One autocannon run; `paths` rotate request by request. Samples the server's RSS meanwhile. */
export async function load(opts: { base: string; paths: string[]; connections: number; seconds?: number; amount?: number; rssPid?: number; method?: string; headers?: Record<string, string>; body?: string }): Promise<RunResult> {
  let i = 0;
  const next = () => opts.paths[i++ % opts.paths.length]!;
  let peak = 0;
  const sampler = opts.rssPid ? setInterval(() => { peak = Math.max(peak, rssMb(opts.rssPid!)); }, 250) : undefined;
  try {
    const result = await autocannon({
      url: opts.base,
      connections: opts.connections,
      ...(opts.amount ? { amount: opts.amount } : { duration: opts.seconds }),
      method: opts.method ?? 'GET',
      headers: opts.headers,
      body: opts.body,
      requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: next() }) }],
    });
    if (opts.rssPid) peak = Math.max(peak, rssMb(opts.rssPid));
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      peakRssMb: peak,
    };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

/** Latency of one request, ms. */
export async function timeOne(url: string): Promise<{ ms: number; status: number; body: string }> {
  const t = process.hrtime.bigint();
  const res = await fetch(url);
  const body = await res.text();
  return { ms: Number(process.hrtime.bigint() - t) / 1e6, status: res.status, body };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** A plain-text table with right-aligned numbers. */
export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, c) => Math.max(...cells.map((r) => r[c]!.length)));
  const line = (r: string[]) => r.map((v, c) => (c === 0 ? v.padEnd(widths[c]!) : v.padStart(widths[c]!))).join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** The node flags of `npm run serve` (package.json), so a benchmark runs the server as production does. */
export { serveEnv, serveNodeArgs } from './web-build.js';
