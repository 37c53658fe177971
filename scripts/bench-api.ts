/**
 * API load benchmark (issue 2): builds a 10,000-product catalogue in a throw-away data dir with the
 * demo generator, starts the production server on it, and drives it with autocannon, beside a bare
 * node:http server answering the listing's bytes as the machine's ceiling.
 *
 *   npm run bench                 PGlite, 10,000 products, 10 s per scenario
 *   npm run bench -- --quick      2,000 products, 2 s per scenario (does it work?)
 *   npm run bench -- --postgres   the same on PostgreSQL: a fresh database on DATABASE_URL's server
 *                                 (default postgres://postgres@127.0.0.1:5432), dropped afterwards
 *   --products N                  a catalogue of N products (e.g. 100000) instead of 10,000
 *   --keep                        keep the data dir (and database) for a look afterwards
 *   --data DIR                    use (and keep) DIR as the PGlite data dir: seeded on the first run, reused after
 *   --only TEXT                   run only the scenarios whose name holds TEXT (and the ceiling), skip checkout and the write stall
 *   --profile DIR                 write the server's CPU profile (node --cpu-prof) to DIR when it stops
 *   --node-flags "FLAGS"          more node flags for the server (e.g. "--trace-gc"; its output goes to the server log)
 *   --port N                      the server's port (the ceiling takes N + 1), when several benchmarks share a machine
 *
 * Two kinds of scenario: warm ones rotate over a few URLs (what the read cache answers), cold ones
 * (issue 12) over tens of thousands of distinct URLs built from the seeded data — random category,
 * brand, price range, stock and discount filters, sort and page; searches as shoppers type them (a product's
 * kind, brand, line or two of those, cut short or with a typo; two words drawn apart; decision 033), with
 * the result page's sorts, pages and filters; random product ids — so nearly every request is the first of
 * its URL, as with shoppers and crawlers. A cold scenario warms up on another set of URLs than the one it measures.
 * A scenario whose target is a share of the ceiling has the ceiling measured again beside it (5 s just before and 5 s
 * just after, averaged): this VM's speed drifts by the minute, and the run's first ceiling is minutes old by then.
 *
 * Add a scenario by pushing to SCENARIOS: a name, connections, the paths it rotates through
 * (built from the seeded data in `ctx`), and optionally a target it must meet.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, percentile, rssMb, serveEnv, serveNodeArgs, startCeiling, table, timeOne, type RunResult } from './lib/bench.js';
import { benchCatalogue, describeNothingFound, distinct, freshPostgres, listingQuery, rng, searchesFindingNothing, searchQuery, searchText, shuffle, waitForLog, type BenchContext } from './lib/bench-data.js';
import { sleep, startChild, type Child } from './lib/child.js';
import { describeCheckout, loginBySms, runCheckout } from './bench-checkout.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const args = new Set(argv);
const QUICK = args.has('--quick');
const POSTGRES = args.has('--postgres');
const KEEP = args.has('--keep');
const dataArg = argv.indexOf('--data');
const DATA_DIR = dataArg >= 0 ? path.resolve(argv[dataArg + 1] ?? '') : undefined;
const optionOf = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const ONLY = optionOf('--only');
const PROFILE_DIR = optionOf('--profile');
const NODE_FLAGS = optionOf('--node-flags')?.split(/\s+/).filter(Boolean) ?? [];
const productsArg = argv.indexOf('--products');
const PRODUCTS = productsArg >= 0 ? Number(argv[productsArg + 1]) : QUICK ? 2_000 : 10_000;
if (!Number.isInteger(PRODUCTS) || PRODUCTS < 100) throw new Error('--products takes a whole number ≥ 100');
const SECONDS = QUICK ? 2 : 10;
const WARMUP = QUICK ? 1 : 3;
const CONNECTIONS = 50;
const PORT = optionOf('--port') ? Number(optionOf('--port')) : 4231 + (POSTGRES ? 10 : 0);
const CEILING_PORT = PORT + 1;

export interface Scenario {
  name: string;
  connections: number;
  /** Which server it loads: the shop, or the bare node:http ceiling. */
  against: 'server' | 'ceiling';
  /** The URLs it rotates through; a cold scenario gets another `seed` for its warm-up than for its run. */
  paths(ctx: BenchContext & { searches: string[] }, seed: number): string[];
  /** Every request is (nearly always) the first of its URL: no warm pass over the measured URLs. */
  cold?: boolean;
  /** Targets of issue 2: a share of the ceiling's req/s, or a p99 bound. */
  target?: { minShareOfCeiling?: number; maxP99Ms?: number };
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

const q = encodeURIComponent;
/** What a browser's fetch sends as Accept-Encoding. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
export const SCENARIOS: Scenario[] = [
  { name: 'ceiling: node:http, listing bytes', against: 'ceiling', connections: CONNECTIONS, paths: () => ['/'] },
  {
    name: 'Product/All, category page of 12', against: 'server', connections: CONNECTIONS, target: { minShareOfCeiling: 0.25 },
    paths: (ctx) => [`/api/Product/All?CategoryTitle=${q(ctx.categoryTitle)}&pageNumber=1&pageSize=12`],
  },
  {
    name: 'Product/All, Title search', against: 'server', connections: 10, target: { maxP99Ms: 50 },
    paths: (ctx) => ctx.searches.map((s) => `/api/Product/All?Title=${q(s)}&pageSize=12`),
  },
  {
    name: 'Product/ById, rotating ids', against: 'server', connections: CONNECTIONS, target: { minShareOfCeiling: 0.25 },
    paths: (ctx) => ctx.productIds.map((id) => `/api/Product/ById?id=${id}`),
  },
  {
    name: 'Category/GetCategories', against: 'server', connections: CONNECTIONS, target: { minShareOfCeiling: 0.25 },
    paths: () => ['/api/Category/GetCategories'],
  },
  // As a browser asks (every one names gzip and brotli): cached answers go as their copies compressed once, answers made
  // for one request gzipped on the spot (lib/route-helpers.ts, sendJson).
  {
    name: 'Product/All, category page of 12, as a browser asks (br)', against: 'server', connections: CONNECTIONS, target: { minShareOfCeiling: 0.25 },
    headers: BROWSER, paths: (ctx) => [`/api/Product/All?CategoryTitle=${q(ctx.categoryTitle)}&pageNumber=1&pageSize=12`],
  },
  {
    name: 'Category/GetCategories, as a browser asks (br)', against: 'server', connections: CONNECTIONS, target: { minShareOfCeiling: 0.25 },
    headers: BROWSER, paths: () => ['/api/Category/GetCategories'],
  },
  // Cold mix (issue 12's targets).
  {
    name: 'cold: filtered listing', against: 'server', connections: CONNECTIONS, cold: true, target: { minShareOfCeiling: 0.2, maxP99Ms: 50 },
    paths: (ctx, seed) => distinct(40_000, seed, (r) => {
      const p = listingQuery(ctx, r, { category: 'categoryId', brands: 'brandIds', page: 'pageNumber', firstPage: true });
      p.set('pageSize', '12');
      return `/api/Product/All?${p}`;
    }),
  },
  {
    // The phone's filter sheet (decision 027): the live count of a listing's filters while they are chosen.
    name: 'cold: listing count (filter sheet)', against: 'server', connections: CONNECTIONS, cold: true, target: { maxP99Ms: 50 },
    paths: (ctx, seed) => distinct(40_000, seed, (r) => {
      const p = listingQuery(ctx, r, { category: 'categoryId', brands: 'brandIds', page: 'pageNumber', firstPage: false });
      p.delete('sort');
      p.delete('pageNumber');
      return `/api/Product/Count?${p}`;
    }),
  },
  {
    // What every listing page loads beside its products: the brands without the brand filter, and (outside a category) the categories.
    name: 'cold: listing facets', against: 'server', connections: CONNECTIONS, cold: true, target: { maxP99Ms: 50 },
    paths: (ctx, seed) => distinct(40_000, seed, (r) => {
      const p = listingQuery(ctx, r, { category: 'categoryId', brands: 'brandIds', page: 'pageNumber', firstPage: false });
      p.delete('sort');
      p.delete('pageNumber');
      if (r.next() < 0.3) { p.delete('categoryId'); p.set('withCategories', 'true'); }
      return `/api/Product/Facets?${p}`;
    }),
  },
  {
    name: 'cold: search (words, prefixes, phrases, typos)', against: 'server', connections: 10, cold: true, target: { minShareOfCeiling: 0.1, maxP99Ms: 50 },
    paths: (ctx, seed) => distinct(20_000, seed, (r) => `/api/Product/All?${searchQuery(ctx, r, { search: 'Title', brands: 'brandIds', page: 'pageNumber' })}&pageSize=12`),
  },
  {
    // What the search box asks while a shopper types: the growing prefixes of a word (or of a word and the next), each
    // distinct URL once (issue 14: p99 ≤ 30 ms at 20 connections).
    name: 'cold: suggestions while typing', against: 'server', connections: 20, cold: true, target: { maxP99Ms: 30 },
    paths: (ctx, seed) => distinct(20_000, seed, (r) => {
      const text = searchText(ctx, r);
      return `/api/Product/Suggest?q=${q(text.slice(0, r.int(2, Math.max(2, text.length))))}`;
    }),
  },
  {
    name: 'cold: Product/ById, random ids', against: 'server', connections: CONNECTIONS, cold: true, target: { minShareOfCeiling: 0.4 },
    // Products are cached in blocks of 64 ids: the warm-up (seed 2) asks for one product only, or it would warm them all.
    paths: (ctx, seed) => (seed === 1 ? shuffle(ctx.productIds, seed) : ctx.productIds.slice(0, 1)).map((id) => `/api/Product/ById?id=${id}`),
  },
  {
    name: 'cold: Product/ById, random ids, as a browser asks (gzip)', against: 'server', connections: CONNECTIONS, cold: true, headers: BROWSER,
    // Products are cached in blocks of 64 ids: the warm-up (seed 2) asks for one product only, or it would warm them all.
    paths: (ctx, seed) => (seed === 1 ? shuffle(ctx.productIds, seed) : ctx.productIds.slice(0, 1)).map((id) => `/api/Product/ById?id=${id}`),
  },
];

// Persian and Arabic letter forms (ي/ك), brand names, Latin, a typo: what shoppers type.
const SEARCHES = ['رژ لب', 'ريمل', 'كرم مرطوب', 'شامپو', 'ضدآفتاب', 'لورآل', 'میبلین', 'سرم ویتامین سی', 'عطر زنانه', 'maybelline',
  'کرم پودر', 'لاک ناخن', 'ماسک مو', 'خمیر دندان', 'پالت سایه', 'اوريف ليک', 'شامپوو', 'مداد ابرو', 'ادو پرفیوم', 'nivea'];

interface Stall { saves: number; saveMs: number; reads: number; readP50: number; readMax: number; quietMax: number }

const describeStall = (s: Stall) => `admin saves during reads: ${s.saves} discount changes (${s.saveMs.toFixed(1)} ms each at the median); `
  + `a reader's ${s.reads} listings/searches meanwhile: p50 ${s.readP50.toFixed(1)} ms, longest ${s.readMax.toFixed(1)} ms (without saves: longest ${s.quietMax.toFixed(1)} ms)`;

async function measureWriteStall(base: string, ctx: BenchContext): Promise<Stall> {
  const login = await fetch(`${base}/api/User/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'bench-admin-password' }) });
  if (!login.ok) throw new Error(`admin login ${login.status} ${await login.text()}`);
  const token = (await login.json()).data.token as string;
  const r = rng(7);
  const readUrl = () => (r.next() < 0.5
    ? `${base}/api/Product/All?categoryId=${r.pick(ctx.categoryIds)}&sort=${r.pick(['newest', 'cheapest', 'bestselling'])}&pageNumber=${r.int(1, 5)}`
    : `${base}/api/Product/All?Title=${q(r.pick(ctx.words))}`);
  const readLoop = async (until: () => boolean) => {
    const times: number[] = [];
    while (!until()) times.push((await timeOne(readUrl())).ms);
    return times;
  };
  let quietDone = false;
  const timer = setTimeout(() => { quietDone = true; }, 3000);
  const quiet = await readLoop(() => quietDone);
  clearTimeout(timer);
  let saving = true;
  const reads = readLoop(() => !saving);
  const saves: number[] = [];
  for (let i = 0; i < 200; i++) {
    const id = r.pick(ctx.productIds);
    const t = process.hrtime.bigint();
    const res = await fetch(`${base}/api/Product/ProductOff?id=${id}&offPersent=${r.int(0, 40)}`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`ProductOff ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    saves.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  saving = false;
  const times = await reads;
  return { saves: saves.length, saveMs: percentile(saves, 50), reads: times.length, readP50: percentile(times, 50), readMax: Math.max(...times), quietMax: Math.max(...quiet) };
}

async function main() {
  const dataDir = DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-bench-'));
  if (DATA_DIR && POSTGRES) throw new Error('--data is for PGlite');
  const logFile = path.join(dataDir, 'server.log');
  const pgDb = POSTGRES ? await freshPostgres('sorkhab_bench') : undefined;
  const children: Child[] = [];
  const cleanup = async () => {
    for (const c of children) await c.stop().catch(() => {});
    if (!KEEP && !DATA_DIR) {
      await pgDb?.drop().catch((e) => console.error('could not drop the bench database:', e.message));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  process.once('SIGINT', () => { void cleanup().then(() => process.exit(130)); });

  try {
    console.log(`Sorkhab API benchmark — ${POSTGRES ? 'PostgreSQL' : 'PGlite'}, ${DATA_DIR ? 'the products of --data' : `${PRODUCTS.toLocaleString('en')} products`}, ${SECONDS} s per scenario, ${os.cpus().length} cores, Node ${process.version}`);
    console.log(`data dir ${dataDir}${KEEP || DATA_DIR ? ' (kept)' : ' (removed afterwards)'}${pgDb ? `, database ${new URL(pgDb.url).pathname.slice(1)}` : ''}`);

    // 1. The catalogue, with the demo generator (a small pool of pictures shared by all products).
    const { ctx: data, seeded } = await benchCatalogue({ dataDir, pgUrl: pgDb?.url, products: PRODUCTS, reuse: !!DATA_DIR });
    const { productIds } = data;
    console.log(seeded);

    // 2. The production server, with the node flags of `npm run serve` (package.json).
    const t = Date.now();
    const nodeArgs = [...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : []), ...NODE_FLAGS, ...serveNodeArgs(ROOT)];
    fs.writeFileSync(logFile, ''); // a reused data dir: this run's log only
    const server = await startChild('server', nodeArgs, {
      // Ready when the home page renders: the start-up figure is the time to a shopper's first page.
      cwd: ROOT, port: PORT, logFile, readyPath: '/',
      env: {
        ...process.env, ...serveEnv(ROOT), NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir,
        ...(pgDb ? { DATABASE_URL: pgDb.url } : { DATABASE_URL: '' }),
        SEED_DEMO: 'false', RATE_LIMIT: 'false', ADMIN_PASSWORD: 'bench-admin-password', LOG_LEVEL: 'info',
        // The product pages' HTML is not built ahead here (bench:web measures the pages, built before its cold runs): the
        // builder renders pages at every quiet moment — each ceiling, warm-up and pause — on the same two cores, and
        // 100,000 of them take minutes, so the ceiling and the scenarios measured it too. A shop whose pages are built is
        // as quiet as this.
        PAGES_AHEAD_MB: '0',
        PAYMENT_PROVIDER: 'fake', SMS_PROVIDER: 'console', SMS_LOG_FILE: path.join(dataDir, 'sms.log'),
      },
    });
    children.push(server);
    const firstSearch = await timeOne(`${server.base}/api/Product/All?Title=${q('کرم مرطوب کننده')}&pageSize=12`);
    console.log(`first page ${((Date.now() - t) / 1000).toFixed(1)} s after the start (issue 12: ≤ 3 s), then the first search ${firstSearch.ms.toFixed(0)} ms (≤ 100 ms)`);
    console.log(`server up in ${((Date.now() - t) / 1000).toFixed(1)} s (pid ${server.pid}; node ${nodeArgs.join(' ')}; NODE_ENV=production, SEED_DEMO=false, RATE_LIMIT=false so autocannon's single IP is not throttled; request log → ${KEEP ? logFile : 'data dir'})`);
    // The server loads its in-memory catalogue, then the product pages, in the background after it listens
    // (decision 015): the figures are those of a warm shop, and the time it took is printed.
    const warm = await waitForLog(logFile, 'product pages loaded', 15 * 60_000);
    const loaded = JSON.parse(fs.readFileSync(logFile, 'utf8').split('\n').find((l) => l.includes('"catalogue loaded"')) ?? '{}');
    console.log(`catalogue loaded in ${((loaded.ms ?? NaN) / 1000).toFixed(1)} s (${loaded.mb} MB), product pages in ${((warm.ms ?? NaN) / 1000).toFixed(1)} s (${warm.fileMb} MB in their file, ${warm.memoryMb} MB in memory)`);
    await sleep(1000);
    const idleRss = rssMb(server.pid);

    const ctx = { ...data, searches: SEARCHES };

    // 3. The ceiling: a bare node:http server answering the listing's exact bytes.
    const listing = await timeOne(`${server.base}${SCENARIOS[1]!.paths(ctx, 0)[0]}`);
    if (listing.status !== 200) throw new Error(`listing answered ${listing.status}: ${listing.body.slice(0, 200)}`);
    const ceiling = await startCeiling({ port: CEILING_PORT, dir: dataDir, logFile, body: listing.body, headers: { 'content-type': 'application/json; charset=utf-8' } });
    children.push(ceiling);

    // Search before the load: the first answer to each query is computed, later ones come from the cache.
    const cold: number[] = [];
    for (const s of SEARCHES) cold.push((await timeOne(`${server.base}/api/Product/All?Title=${q(s)}&pageSize=12`)).ms);
    const coldById: number[] = [];
    for (const id of productIds.slice(-50)) coldById.push((await timeOne(`${server.base}/api/Product/ById?id=${id}`)).ms);

    // 4. The runs, each after a warm-up (JIT, caches): a few seconds, and one pass over its paths
    //    (every product once for ById), so the figures are the steady state of a running shop;
    //    first (uncached) answers are measured above.
    const results: { s: Scenario; r: RunResult; beside?: number }[] = [];
    for (const s of SCENARIOS.filter((x) => !ONLY || x.against === 'ceiling' || x.name.includes(ONLY))) {
      const target = s.against === 'ceiling' ? ceiling : server;
      const paths = s.paths(ctx, 1);
      if (s.cold) await load({ base: target.base, paths: s.paths(ctx, 2), connections: s.connections, seconds: WARMUP, headers: s.headers });
      else {
        await load({ base: target.base, paths, connections: s.connections, seconds: WARMUP, headers: s.headers });
        // A quick run (a million products, say) passes over 20,000 of them at most.
        if (paths.length > 1) await load({ base: target.base, paths, connections: s.connections, amount: QUICK ? Math.min(paths.length, 20_000) : paths.length, headers: s.headers });
      }
      // A scenario judged by its share of the ceiling has the ceiling measured beside it, just before and just after
      // (half a run each): this VM's speed drifts from one minute to the next, and the run's first ceiling was taken
      // minutes before the last scenarios.
      const ceilingNow = async () => (await load({ base: ceiling.base, paths: ['/'], connections: CONNECTIONS, seconds: SECONDS / 2 })).rps;
      const before = s.target?.minShareOfCeiling !== undefined ? await ceilingNow() : undefined;
      const r = await load({ base: target.base, paths, connections: s.connections, seconds: SECONDS, serverPid: server.pid, method: s.method, headers: s.headers, body: s.body });
      const beside = before === undefined ? undefined : (before + await ceilingNow()) / 2;
      results.push({ s, r, beside });
      console.log(`  ${s.name}: ${Math.round(r.rps)} req/s${s.cold ? ` (${paths.length.toLocaleString('en')} distinct URLs for ${Math.round(r.rps * SECONDS).toLocaleString('en')} requests)` : ''}`);
    }

    // Checkout (scripts/bench-checkout.ts): 10 shoppers logged in by SMS code, each looping
    // cart → order (stock reserved) → fake gateway → verified payment, over the seeded products.
    let checkout: Awaited<ReturnType<typeof runCheckout>> | undefined;
    let stall: Stall | undefined;
    if (!ONLY) {
      const tokens = await Promise.all(Array.from({ length: 10 }, (_, i) => loginBySms(server.base, `98936${String(i).padStart(7, '0')}`, path.join(dataDir, 'sms.log'))));
      checkout = await runCheckout({ base: server.base, tokens, productIds, seconds: SECONDS });
      console.log(`  ${describeCheckout(checkout)}`);

      // Writes at scale: an admin changes the discount of 200 products one after another while a reader
      // loops over listings and searches; the longest a read waited is the stall a save causes.
      stall = await measureWriteStall(server.base, ctx);
      console.log(`  ${describeStall(stall)}`);
    }

    // 5. The table.
    const ceil = results.find((x) => x.s.against === 'ceiling')!.r.rps;
    const misses: string[] = [];
    const rows = results.map(({ s, r, beside }) => {
      const share = r.rps / (beside ?? ceil);
      const notes: string[] = [];
      if (s.target?.minShareOfCeiling !== undefined) {
        const okShare = share >= s.target.minShareOfCeiling;
        notes.push(`${okShare ? 'ok' : 'MISS'} ≥${s.target.minShareOfCeiling * 100}%`);
        if (!okShare) misses.push(s.name);
      }
      if (s.target?.maxP99Ms !== undefined) {
        const okP99 = r.p99 < s.target.maxP99Ms;
        notes.push(`${okP99 ? 'ok' : 'MISS'} p99<${s.target.maxP99Ms} ms`);
        if (!okP99 && !misses.includes(s.name)) misses.push(s.name);
      }
      if (r.errors || r.non2xx) notes.push(`${r.errors} errors, ${r.non2xx} non-2xx`);
      const cpu = s.against === 'server' && r.cpuUsPerAnswer ? `${Math.round(r.cpuUsPerAnswer.main)} / ${Math.round(r.cpuUsPerAnswer.all)}` : '';
      return [s.name, s.connections, Math.round(r.rps), r.p50, r.p99, `${(share * 100).toFixed(0)}%`, beside === undefined ? '' : Math.round(beside), cpu, s.against === 'server' ? r.peakRssMb.toFixed(0) : '', notes.join(', ')];
    });
    const peakRss = Math.max(...results.filter((x) => x.s.against === 'server').map((x) => x.r.peakRssMb));
    if (!(peakRss < 400)) misses.push('RSS');
    console.log('');
    console.log(table(['scenario', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'of ceiling', 'ceiling beside', 'CPU µs', 'RSS MB', 'target'], rows));
    console.log('of ceiling: of the ceiling measured beside the scenario (the mean of 5 s just before it and 5 s just after) where a target is a share of it, else of the run\'s first ceiling');
    console.log('CPU µs: the server\'s CPU time per answer during the run, its serving thread / all its threads (from /proc): a rate that falls while this stays is the machine, not the server');
    console.log('');
    console.log(`search, first (uncached) answer per query: p50 ${percentile(cold, 50).toFixed(1)} ms, max ${Math.max(...cold).toFixed(1)} ms (${cold.length} queries, one at a time)`);
    console.log(`ById, first (uncached) answer: p50 ${percentile(coldById, 50).toFixed(1)} ms, max ${Math.max(...coldById).toFixed(1)} ms (${coldById.length} ids, one at a time)`);
    if (checkout) console.log(describeCheckout(checkout));
    if (stall) console.log(describeStall(stall));
    console.log(`server RSS: idle ${idleRss.toFixed(0)} MB, peak under load ${peakRss.toFixed(0)} MB (${peakRss < 400 ? 'ok' : 'MISS'} < 400 MB)`);
    const coldSearch = results.find((x) => x.s.name.startsWith('cold: search'));
    if (coldSearch) console.log(describeNothingFound(await searchesFindingNothing(server.base, coldSearch.s.paths(ctx, 1), coldSearch.r.requests), coldSearch.s.name));
    console.log(`load average now: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (other work on the machine makes these figures noisy)`);
    console.log(misses.length ? `targets missed: ${misses.join('; ')}` : 'all targets met');
    process.exitCode = misses.length ? 1 : 0;
  } finally {
    await cleanup();
  }
}

await main();
