/**
 * Storefront benchmark (issue 3). Expects `npm run build` done; builds nothing itself.
 * Starts the production server with the demo catalogue in a throw-away data dir, then:
 *   1. server render of /, /product-list?category=…, /product/:id under autocannon (20 connections, 10 s):
 *      req/s, p50, p99 (targets: / and /product/:id ≥ 300 req/s with p99 ≤ 50 ms);
 *   2. JavaScript sent for / (gzip and brotli bytes as the server sends them; target ≤ 150 KB gzip);
 *   3. Lighthouse 12 in mobile emulation on the three pages (Debian's Chromium, CHROME_PATH):
 *      performance, accessibility, best practices, SEO (targets ≥ 95, ≥ 95, ≥ 95, = 100).
 *
 *   npm run bench:web                 everything
 *   npm run bench:web -- --quick      2 s load runs
 *   npm run bench:web -- --no-lighthouse
 *   LH_RUNS=5 npm run bench:web      Lighthouse runs per page (median reported; default 3)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, serveEnv, serveNodeArgs, table } from './lib/bench.js';
import { startChild, type Child } from './lib/child.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const SECONDS = args.has('--quick') ? 2 : 10;
const CONNECTIONS = 20;
const LH_RUNS = Number(process.env.LH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 4361);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

/** Raw bytes of a response body as sent with the given encoding (no decompression). */
function rawBytes(url: string, encoding: string): Promise<{ status: number; bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => { bytes += c.length; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** Every script a page loads at start: module preloads (in the head or added after the first frame), script tags and the inline entry's imports. */
function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/import\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) found.add(m[1]!);
  for (const m of html.matchAll(/import\s+[^;]*?from\s*["'](\/assets\/[^"']+\.js)["']/g)) found.add(m[1]!);
  // The preloads the deferred start-up adds after the first frame (apps/web/app/lib/defer-scripts.ts).
  for (const list of html.matchAll(/for \(const href of (\[[^\]]*\])\)/g)) for (const href of JSON.parse(list[1]!) as string[]) found.add(href);
  return [...found].filter((s) => s.endsWith('.js'));
}

// Lighthouse and chrome-launcher (which it brings) load only when installed.
type Lighthouse = typeof import('lighthouse').default;
type Launcher = typeof import('chrome-launcher');
/** One Lighthouse run of a page: its category scores (0–100) and the audits below 0.9. */
type Run = { scores: Record<string, number>; failed: string[] };
/** The median run by performance, with every run's performance score. */
type Scores = Run & { runs: number[] };

async function lighthouseScores(urls: string[]): Promise<Record<string, Scores>> {
  let lighthouse: Lighthouse;
  let launcher: Launcher;
  try {
    lighthouse = (await import('lighthouse')).default;
    launcher = await import('chrome-launcher');
  } catch {
    console.log('\nLighthouse is not installed: flock /tmp/sorkhab-npm.lock npm install -D lighthouse@12.8');
    return {};
  }
  const out: Record<string, Scores> = {};
  // Lighthouse varies from run to run (more so on a busy machine): the median run by performance, as its docs advise.
  for (const url of urls) {
    const runs: Run[] = [];
    for (let i = 0; i < LH_RUNS; i++) runs.push(await lighthouseOnce(lighthouse, launcher, url));
    runs.sort((a, b) => a.scores.performance! - b.scores.performance!);
    out[url] = { ...runs[Math.floor(runs.length / 2)]!, runs: runs.map((r) => r.scores.performance!) };
  }
  return out;
}

async function lighthouseOnce(lighthouse: Lighthouse, launcher: Launcher, url: string): Promise<Run> {
  const chrome = await launcher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    // The default config is mobile emulation (Moto G Power, slow 4G throttling).
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const scores: Record<string, number> = Object.fromEntries(Object.entries(result.lhr.categories).map(([k, v]) => [k, Math.round((v.score ?? 0) * 100)]));
    const failed = Object.values(result.lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode))
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    return { scores, failed };
  } finally {
    await chrome.kill();
  }
}

async function main() {
  const serverBuild = path.join(ROOT, 'apps/web/build/server/index.js');
  if (!fs.existsSync(serverBuild)) {
    console.error('No web build: run "npm run build" first.');
    process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-bench-web-'));
  const logFile = path.join(dataDir, 'server.log');
  console.log(`Starting the production server on :${PORT} with the demo catalogue (${dataDir})…`);
  let server: Child | undefined;
  try {
    server = await startChild('server', serveNodeArgs(ROOT), {
      cwd: ROOT, port: PORT, logFile, readyPath: '/api/health', timeoutMs: 300_000,
      env: { ...process.env, ...serveEnv(ROOT), NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', RATE_LIMIT: 'false', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-admin-password' },
    });
    const base = server.base;
    const json = async <T>(p: string) => ((await (await fetch(`${base}/api/${p}`)).json()) as { data: T }).data;
    const root = (await json<{ id: number; title: string }[]>('Category/GetCategories'))[0]!;
    const product = (await json<{ data: { id: number }[] }>('Product/All?pageSize=1&inStock=true&sort=bestselling')).data[0]!;
    const pages = [
      { name: '/', path: '/' },
      { name: '/product-list', path: `/product-list?${new URLSearchParams({ category: root.title, brand: String(root.id) })}` },
      { name: '/product/:id', path: `/product/${product.id}` },
    ];
    for (const p of pages) {
      const res = await fetch(base + p.path);
      if (res.status !== 200) throw new Error(`${p.path} answered ${res.status}`);
      await res.text();
    }

    console.log(`\nServer render, ${CONNECTIONS} connections, ${SECONDS} s each:`);
    const rows: (string | number)[][] = [];
    for (const p of pages) {
      // As a browser asks: compressed.
      const r = await load({ base, paths: [p.path], connections: CONNECTIONS, seconds: SECONDS, rssPid: server.pid, headers: { 'accept-encoding': 'br, gzip' } });
      rows.push([p.name, r.rps.toFixed(0), r.p50, r.p99, r.non2xx + r.errors, r.peakRssMb.toFixed(0)]);
    }
    console.log(table(['page', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'peak RSS MB'], rows));

    const html = await (await fetch(base + '/')).text();
    const scripts = scriptsOf(html);
    let gzip = 0;
    let br = 0;
    let raw = 0;
    for (const s of scripts) {
      gzip += (await rawBytes(base + s, 'gzip')).bytes;
      br += (await rawBytes(base + s, 'br')).bytes;
      raw += (await rawBytes(base + s, 'identity')).bytes;
    }
    const htmlGzip = await rawBytes(base + '/', 'gzip');
    console.log(`\nJavaScript for /: ${scripts.length} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip, ${(br / 1024).toFixed(1)} KB brotli (target ≤ 150 KB gzip)`);
    console.log(`HTML of /: ${(htmlGzip.bytes / 1024).toFixed(1)} KB ${htmlGzip.encoding}`);

    if (!args.has('--no-lighthouse')) {
      console.log('\nLighthouse (mobile emulation):');
      const scores = await lighthouseScores(pages.map((p) => base + p.path));
      const lrows = pages.map((p) => {
        const s = scores[base + p.path]?.scores ?? {};
        return [p.name, s.performance ?? '-', s.accessibility ?? '-', s['best-practices'] ?? '-', s.seo ?? '-'];
      });
      console.log(table(['page', 'performance', 'accessibility', 'best practices', 'SEO'], lrows));
      for (const p of pages) {
        const { runs = [], failed = [] } = scores[base + p.path] ?? {};
        if (runs.length > 1) console.log(`  ${p.name} performance of the ${LH_RUNS} runs: ${runs.join('/')}`);
        if (failed.length) console.log(`  ${p.name} audits below 0.9 (median run): ${failed.join(', ')}`);
      }
    }
  } finally {
    await server?.stop();
    if (!args.has('--keep')) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
