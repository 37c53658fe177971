import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { startChild, type Child } from './child.js';

/** Shared pieces of the load benchmarks: child servers (child.ts), autocannon runs, memory, the table. */

/**
 * autocannon 9 decodes every response body into a UTF-8 string (`req.body += chunk` in its pipelined-requests queue),
 * kept for `onResponse`, `expectBody` and `verifyBody`, none of which the benchmarks use (mcollina/autocannon#362).
 * A compressed page is not UTF-8, and decoding it was the load generator's main cost: 54% of the bench process's CPU
 * during the ceiling run (a CPU profile of it, 24th session), which then held the "ceiling" to a third of what the
 * same node:http server answers to an autocannon that skips it, and took a core's share from the server beside it on
 * a 2-core machine. The bodies are dropped unread instead; bytes and latencies are counted as before.
 */
const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody?: unknown } };
if (typeof PipelinedRequestsQueue.prototype.addBody !== 'function') throw new Error('autocannon no longer has pipelinedRequestsQueue.addBody: see scripts/lib/bench.ts');
PipelinedRequestsQueue.prototype.addBody = function addBody() { /* the body is not kept (above) */ };

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * CPU time a process has used, in µs: all its threads, and its main thread alone (the serving thread), from /proc
 * (Linux; utime + stime, in clock ticks of 10 ms). Undefined where there is no /proc.
 */
function cpuUs(pid: number): { all: number; main: number } | undefined {
  const ticks = (file: string) => {
    const stat = fs.readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // the name, in parentheses, may hold spaces
    return (Number(fields[11]) + Number(fields[12])) * 10_000; // utime and stime: fields 14 and 15 of stat(5)
  };
  try {
    return { all: ticks(`/proc/${pid}/stat`), main: ticks(`/proc/${pid}/task/${pid}/stat`) };
  } catch {
    return undefined;
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
  /**
   * The server's CPU per answer during the run, in µs: all its threads, and its serving thread. Within a run it tells a
   * slow machine from a slow server (a rate that falls while this stays); between runs on the 2-core VM it drifts as
   * much as the rate (docs/benchmarks.md, stop 70).
   */
  cpuUsPerAnswer?: { all: number; main: number };
}

/** One autocannon run; `paths` rotate request by request. With `serverPid`, samples that process's RSS meanwhile and reads its CPU time before and after. */
export async function load(opts: { base: string; paths: string[]; connections: number; seconds?: number; amount?: number; serverPid?: number; method?: string; headers?: Record<string, string>; body?: string }): Promise<RunResult> {
  let i = 0;
  const next = () => opts.paths[i++ % opts.paths.length]!;
  let peak = 0;
  const sampler = opts.serverPid ? setInterval(() => { peak = Math.max(peak, rssMb(opts.serverPid!)); }, 250) : undefined;
  const cpuBefore = opts.serverPid ? cpuUs(opts.serverPid) : undefined;
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
    if (opts.serverPid) peak = Math.max(peak, rssMb(opts.serverPid));
    const cpuAfter = opts.serverPid ? cpuUs(opts.serverPid) : undefined;
    const answers = result.requests.total;
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      peakRssMb: peak,
      cpuUsPerAnswer: cpuBefore && cpuAfter && answers
        ? { all: (cpuAfter.all - cpuBefore.all) / answers, main: (cpuAfter.main - cpuBefore.main) / answers } : undefined,
    };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

/**
 * The machine's ceiling: a bare node:http server (a child process) answering `body` with `headers` to every request,
 * the bytes the shop itself sends for the scenario measured beside it.
 */
export function startCeiling(opts: { port: number; dir: string; logFile: string; body: Buffer | string; headers: Record<string, string> }): Promise<Child> {
  const bodyFile = path.join(opts.dir, 'ceiling.body');
  fs.writeFileSync(bodyFile, opts.body);
  return startChild('ceiling', ['-e', `
    const body = require('fs').readFileSync(process.env.BODY);
    const headers = { ...JSON.parse(process.env.HEADERS), 'content-length': body.length };
    require('http').createServer((req, res) => {
      res.writeHead(200, headers);
      res.end(body);
    }).listen(Number(process.env.PORT), '127.0.0.1');`], {
    port: opts.port, logFile: opts.logFile, readyPath: '/',
    env: { ...process.env, PORT: String(opts.port), BODY: bodyFile, HEADERS: JSON.stringify(opts.headers) },
  });
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
