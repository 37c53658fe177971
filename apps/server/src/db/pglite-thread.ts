import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite, Results } from '@electric-sql/pglite';
import { acquireLock } from './lock.js';

/**
 * PGlite on a thread of its own (decision 034). PGlite is PostgreSQL compiled to WASM: in the serving thread every
 * query's planning and execution, and PostgreSQL's own start (≈ 1 s at 100,000 products), held up every request and
 * page. Here the serving thread keeps Drizzle and sends each query to the thread (pglite-worker.mjs), which answers
 * with its rows; the database opens there while the serving thread loads the server's modules (main.ts starts it first).
 *
 * `PgliteThread` is what Drizzle's PGlite driver asks of a client — `query` and `transaction` — and nothing else: an
 * option it cannot carry across (a parser that is not a pass-through) is refused, not dropped.
 */

/**
 * PostgreSQL's default 128 MB of shared buffers lives in PGlite's WASM memory, on top of the process. Listings and
 * search run in memory (decision 018), so what PGlite reads is mostly rows a write or an order touches; pages not in
 * its buffers come from the operating system's cache. 8 MB instead of 24 took the WASM memory's resident part from
 * 40 to 23 MB under the cold page mix at 100,000 products (decision 031).
 */
const SHARED_BUFFERS = '8MB';

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}
type Ask = { t: 'q'; tx?: number; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; raw: number[] }
  | { t: 'begin' | 'end'; tx: number; commit?: boolean } | { t: 'close' };
type Answer = { id: number; ok: unknown } | { id: number; err: Record<string, unknown> & { name: string; message: string } };
type Opened = { ready: true } | { failed: Record<string, unknown> & { name: string; message: string } };

/** What a transaction's callback gets: the same query, inside the transaction. */
interface PgliteTx { query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> }

/** What a parser is asked to read: a pass-through hands this very text back. */
const PROBE = '\u0000pass-through?';
const passesThrough = (parse: (value: string, typeId: number) => unknown, oid: number) => {
  try {
    return parse(PROBE, oid) === PROBE;
  } catch {
    return false;
  }
};

/** The type ids whose parser hands the text back as it is; any other parser cannot cross to the thread. */
function rawTypes(options: QueryOptions): number[] {
  const unknown = Object.keys(options).filter((k) => k !== 'rowMode' && k !== 'parsers');
  if (unknown.length) throw new Error(`PGlite thread: query option ${unknown.join(', ')} is not supported`);
  return Object.entries(options.parsers ?? {}).map(([oid, parse]) => {
    if (!passesThrough(parse, Number(oid))) throw new Error(`PGlite thread: the parser of type ${oid} is not a pass-through`);
    return Number(oid);
  });
}

/** An error from the thread as the error it was: its message, name and PostgreSQL fields (code, detail, constraint…). */
function revive(fields: Record<string, unknown> & { name: string; message: string }): Error {
  const { stack, ...rest } = fields;
  const err = Object.assign(new Error(fields.message), rest);
  if (typeof stack === 'string') err.stack = `${stack}\n    (on the PGlite thread)`;
  return err;
}

export class PgliteThread {
  private readonly worker: Worker;
  private next = 0;
  private txs = 0;
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private stopped: Error | undefined;
  private closing = false;
  /** Resolves when the database has opened on the thread; rejects with its error when it could not. */
  readonly ready: Promise<void>;

  /** `dataDir`: the database's folder (none: in memory); `loadDataDir`: a dump (`dumpDataDir`'s tar) to start from. */
  constructor(open: { dataDir?: string; loadDataDir?: string }) {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { ...open, sharedBuffers: SHARED_BUFFERS } });
    this.worker.on('message', (m: Answer | Opened) => {
      if (!('id' in m)) return;
      const done = this.waiting.get(m.id);
      if (!done) return;
      this.waiting.delete(m.id);
      if (!this.waiting.size) this.worker.unref();
      if ('err' in m) done.reject(revive(m.err));
      else done.resolve(m.ok);
    });
    const stop = (err: Error) => {
      this.stopped ??= err;
      for (const done of this.waiting.values()) done.reject(this.stopped);
      this.waiting.clear();
    };
    this.worker.on('error', (err) => stop(err));
    this.worker.on('exit', (code) => stop(new Error(this.closing ? 'the database is closed' : `the database thread stopped (exit ${code})`)));
    this.ready = new Promise((resolve, reject) => {
      const opened = (m: Opened) => {
        this.worker.off('message', opened);
        if (!this.waiting.size) this.worker.unref();
        if ('ready' in m) resolve();
        else reject(revive(m.failed));
      };
      this.worker.on('message', opened);
      this.worker.once('exit', () => reject(this.stopped));
      this.worker.once('error', () => reject(this.stopped));
    });
    this.ready.catch(() => {}); // the caller awaits it; a failed start is its error
  }

  private ask<T>(ask: Ask): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = ++this.next;
    // The thread keeps the process running only while an answer is awaited (as PGlite in the serving thread does not).
    if (!this.waiting.size) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...ask, id });
    });
  }

  /** (Async, so that an option refused by `rawTypes` is a rejected query.) */
  private async send<T>(tx: number | undefined, sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.ask({ t: 'q', tx, sql, params, rowMode: options.rowMode, raw: rawTypes(options) });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.send<T>(undefined, sql, params, options);
  }

  /** `fn`'s queries in one transaction: committed when it resolves, rolled back when it throws (its error rethrown). */
  async transaction<T>(fn: (tx: PgliteTx) => Promise<T>): Promise<T> {
    const tx = ++this.txs;
    await this.ask({ t: 'begin', tx });
    let result: T;
    try {
      result = await fn({ query: (sql, params, options) => this.send(tx, sql, params, options) });
    } catch (err) {
      await this.ask({ t: 'end', tx, commit: false }).catch(() => {});
      throw err;
    }
    await this.ask({ t: 'end', tx, commit: true });
    return result;
  }

  /** Closes the database (its files complete on disk) and ends the thread. */
  async close(): Promise<void> {
    if (this.stopped) return;
    this.closing = true;
    await this.ask({ t: 'close' }).catch(() => {});
    await new Promise((resolve) => {
      if (this.stopped) return resolve(undefined);
      this.worker.ref(); // the process waits for the thread's end (nothing else may be keeping it running)
      this.worker.once('exit', resolve);
    });
  }

  /** This thread as the PGlite client Drizzle's driver takes (it calls `query` and `transaction` only). */
  asClient(): PGlite {
    return this as unknown as PGlite;
  }
}

/** A PGlite database on its thread, with the folder's lock when it has one. */
export interface OpenPglite { thread: PgliteThread; release(): Promise<void> }

/** Locks the folder (lock.ts) and opens the database on its thread; resolves once it is open. */
export async function openPgliteThread(open: { dataDir?: string; loadDataDir?: string }): Promise<OpenPglite> {
  const release = open.dataDir ? await acquireLock(open.dataDir) : async () => {};
  const thread = new PgliteThread(open);
  try {
    await thread.ready;
  } catch (err) {
    await thread.close();
    await release();
    throw err;
  }
  return { thread, release };
}

/** The database's folder in a DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.resolve(dataDir, 'db');

/** Opened ahead by `openEarly`, by folder, until `openDatabase` takes it. */
const early = new Map<string, Promise<OpenPglite>>();

/**
 * Starts opening the database in `dataDir` now (main.ts, before the server's modules load: the thread opens it on
 * the other core meanwhile); the next `takeEarly` of the same folder gets it.
 */
export function openEarly(dataDir: string): void {
  const opening = openPgliteThread({ dataDir });
  opening.catch(() => {}); // reported by whoever takes it
  early.set(dataDir, opening);
}

/** The opening `openEarly` started for this folder (once), if any. */
export function takeEarly(dataDir: string): Promise<OpenPglite> | undefined {
  const opening = early.get(dataDir);
  early.delete(dataDir);
  return opening;
}
