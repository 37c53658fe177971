import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import type { Frame, FramedPage } from './frames.js';

/**
 * A second thread that puts framed listing and search pages together (decision 032, twenty-fifth session). The serving
 * thread was the bound of the cold listings and searches — 90–95% busy, the second core half idle — and half of its
 * time a page was React's render of the route's part, the hydration data's encoding, the frame's filling and the
 * tail's gzip, which need nothing but the frame, the route's data and the web build. It keeps the HTTP, the loaders
 * (the catalogue, the database) and sends those here; the page comes back as bytes. A page this thread cannot make
 * (it is not running, it failed, it crashed) is made on the serving thread as before.
 */

/** What the serving thread asks for: a page of frame `frameId` (the frame itself with its first page). */
export interface RenderAsk {
  id: number;
  frameId: number;
  frame?: Pick<Frame, 'pieces' | 'status' | 'headers' | 'state' | 'compressed'>;
  leafId: string;
  url: string;
  data: unknown;
  parts: [string, string][];
  nonce: string;
  search: string;
}

/**
 * A page made: its size and its gzip only. Its bytes are not sent back as well: every ArrayBuffer that arrives here is
 * memory outside V8's heap that V8 counts against the old generation's limit until its next full collection, and a
 * page's bytes (75–135 KB, against 15–26 KB of gzip) had the serving thread's heap collected in full about three
 * times a second under a crawl of listings, each collection's marking ≈ 200 ms of another core. Nearly every request
 * takes gzip; the others, and a page the cache keeps, have its bytes from its gzip (`FramedPage.html`).
 */
export type RenderAnswer = { id: number; size: number; gzip: Buffer } | { id: number; error: string };

/** The thread's answer for a page of a frame it does not keep. */
export const NO_FRAME = 'no such frame or route here';

/**
 * Pages the thread may have in hand at once. Each holds its route's data copied for the thread; past this (a flood of
 * connections, the thread behind) a page is made on the serving thread, which then reads new requests more slowly,
 * as it did before the thread — so the pages waiting for it cannot grow with the connections.
 */
export const IN_HAND = 64;

/** After a crash, the time before the thread is started again (pages are made on the serving thread meanwhile). */
const RESTART_AFTER_MS = 5_000;

/**
 * The thread's heap, small: it holds the web build (≈ 14 MB) and a few pages at a time (the frames' bytes are outside
 * the heap), and the process stays under the 400 MB issue 12 sets; past it the thread stops and is started again.
 */
const LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 40 };

export class RenderThread {
  private worker: Worker | undefined;
  private ready = false;
  private next = 0;
  private readonly waiting = new Map<number, (answer: RenderAnswer | undefined) => void>();
  /** Frames by object, and those the running worker has been sent (a new worker has none). */
  private readonly frameIds = new WeakMap<object, number>();
  private sent = new WeakSet<object>();
  private frames = 0;
  private closed = false;
  private restartAt = 0;
  /** Failures in a row (a start that reaches `ready` ends the row). */
  private failures = 0;

  /**
   * `workerFile`: the worker's bundle (render-worker.js beside the server's); `buildFile`: the web app's server build.
   * `warn` is told when the thread stops or cannot start.
   */
  constructor(private readonly workerFile: string, private readonly buildFile: string, private readonly warn: (err: unknown, msg: string) => void,
    private readonly restartAfterMs = RESTART_AFTER_MS) {
    this.start();
  }

  /** Resolves once the thread has loaded the web build and takes pages (tests; pages asked before are made here). */
  async started(): Promise<void> {
    while (!this.ready) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  private start() {
    if (this.closed) return;
    let worker: Worker;
    try {
      worker = new Worker(this.workerFile, { workerData: { buildFile: this.buildFile }, resourceLimits: LIMITS });
    } catch (error) {
      this.failed(error);
      return;
    }
    this.worker = worker;
    this.ready = false;
    this.sent = new WeakSet();
    worker.unref();
    worker.on('message', (m: RenderAnswer | { ready: true }) => {
      if ('ready' in m) {
        this.ready = true;
        this.failures = 0;
        return;
      }
      const done = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      done?.('gzip' in m ? { id: m.id, size: m.size, gzip: asBuffer(m.gzip) } : m);
    });
    const stopped = (err: unknown) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.ready = false;
      // Its pages are made on the serving thread (`render` answers undefined); the thread comes back a little later.
      for (const done of this.waiting.values()) done(undefined);
      this.waiting.clear();
      this.failed(err);
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`exit ${code}`)));
  }

  /** The thread could not start or stopped: started again after a pause that doubles with each failure in a row. */
  private failed(err: unknown) {
    if (this.closed) return;
    this.warn(err, 'render thread stopped: pages are made on the serving thread until it starts again');
    this.restartAt = Date.now() + this.restartAfterMs * 2 ** Math.min(this.failures++, 6);
  }

  /**
   * A page of `frame` with the route's `data` (and the parts its loader rendered), made on the thread: undefined when
   * the thread is not there to make it or has `IN_HAND` pages already, `{ error }` when it failed (the caller makes it).
   */
  async render(frame: Frame, fill: Omit<RenderAsk, 'id' | 'frameId' | 'frame'>): Promise<FramedPage | { error: string } | undefined> {
    if (!this.worker && !this.closed && Date.now() >= this.restartAt) this.start();
    const worker = this.worker;
    if (!worker || !this.ready || this.waiting.size >= IN_HAND) return undefined;
    let frameId = this.frameIds.get(frame);
    if (frameId === undefined) this.frameIds.set(frame, frameId = ++this.frames);
    const withFrame = !this.sent.has(frame);
    const ask: RenderAsk = {
      ...fill, id: ++this.next, frameId,
      frame: withFrame ? { pieces: frame.pieces, status: frame.status, headers: frame.headers, state: frame.state, compressed: frame.compressed } : undefined,
    };
    const answer = new Promise<RenderAnswer | undefined>((resolve) => { this.waiting.set(ask.id, resolve); });
    try {
      worker.postMessage(ask);
    } catch (error) {
      // Data the structured clone cannot carry (the loader's data is plain, checked before): made on the serving thread.
      this.waiting.delete(ask.id);
      return { error: error instanceof Error ? error.message : String(error) };
    }
    if (withFrame) this.sent.add(frame);
    const made = await answer;
    if (!made) return undefined;
    if ('error' in made) {
      // A frame the thread no longer keeps is sent again with the next page.
      if (made.error === NO_FRAME) this.sent.delete(frame);
      return { error: made.error };
    }
    const { size, gzip } = made;
    let html: Buffer | undefined;
    return { size, html: () => (html ??= zlib.gunzipSync(gzip)), gzip: async () => gzip };
  }

  /** Stops the thread (the server closes). */
  async close() {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    for (const done of this.waiting.values()) done(undefined);
    this.waiting.clear();
    await worker?.terminate();
  }
}

/** Bytes that came through a structured clone (a Buffer arrives as a plain Uint8Array) as a Buffer again, not copied. */
export const asBuffer = (u: Uint8Array) => (Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength));

/** The render thread's bundle beside the server's (a production build), if there is one. */
export function renderWorkerFile(serverFile: string): string | undefined {
  const file = path.join(path.dirname(serverFile), 'render-worker.js');
  return serverFile.endsWith('.js') && fs.existsSync(file) ? file : undefined;
}
