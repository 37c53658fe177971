/**
 * PGlite's thread (pglite-thread.ts, decision 034): PostgreSQL in WASM runs here, on the machine's second core, and
 * the serving thread sends it queries. Plain JavaScript, so that the same file runs from the sources (tests, tsx) and
 * beside the server's bundle (the build copies it): it needs nothing but PGlite.
 *
 * Messages in: { t: 'q', id, tx?, sql, params, rowMode, raw } a query (`raw`: the type ids read as text, as
 * Drizzle's pass-through parsers ask), { t: 'begin', id, tx } a transaction that stays open until
 * { t: 'end', id, tx, commit } ends it, { t: 'close', id }. Out: { id, ok } or { id, err } (the error's own plain
 * fields: code, detail, constraint…), and { ready: true } or { failed } once, when the database has opened.
 */
import { parentPort, workerData } from 'node:worker_threads';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** An error as fields a structured clone keeps: PGlite's DatabaseError carries its query options (functions). */
function plain(err) {
  const out = { name: err?.name ?? 'Error', message: String(err?.message ?? err), stack: err?.stack };
  if (err && typeof err === 'object') {
    for (const [k, v] of Object.entries(err)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  }
  return out;
}

const same = (v) => v;
/** Query options from a message: the listed type ids read as text (Drizzle's parsers for dates, intervals…). */
const options = (m) => ({ rowMode: m.rowMode, parsers: Object.fromEntries(m.raw.map((oid) => [oid, same])) });

const { dataDir, loadDataDir, sharedBuffers } = workerData;
let pg;
try {
  pg = await PGlite.create({
    dataDir,
    loadDataDir: loadDataDir ? new Blob([fs.readFileSync(loadDataDir)]) : undefined,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  });
} catch (err) {
  parentPort.postMessage({ failed: plain(err) });
  process.exit(1);
}

/** Open transactions by number: the handle PGlite gave, and how to end the callback that holds it open. */
const open = new Map();
const answer = (id, work) => work.then((ok) => parentPort.postMessage({ id, ok }), (err) => parentPort.postMessage({ id, err: plain(err) }));

parentPort.on('message', (m) => {
  switch (m.t) {
    case 'q': {
      const on = m.tx === undefined ? pg : open.get(m.tx)?.tx;
      if (!on) return answer(m.id, Promise.reject(new Error('no such transaction')));
      return answer(m.id, on.query(m.sql, m.params, options(m)));
    }
    case 'begin': {
      const held = {};
      open.set(m.tx, held);
      const inside = new Promise((began) => {
        held.done = pg.transaction((tx) => new Promise((resolve, reject) => {
          Object.assign(held, { tx, resolve, reject });
          began(true);
        }));
      });
      void held.done.catch(() => {}).finally(() => open.delete(m.tx));
      // Answered once inside; a transaction that could not begin answers its error.
      return answer(m.id, Promise.race([inside, held.done.then(() => { throw new Error('transaction ended before it began'); })]));
    }
    case 'end': {
      const held = open.get(m.tx);
      if (!held?.resolve) return answer(m.id, Promise.reject(new Error('no such transaction')));
      const { done } = held;
      if (m.commit) held.resolve(true);
      else held.reject(Object.assign(new Error('rolled back'), { rolledBack: true }));
      return answer(m.id, done.then(() => true, (err) => {
        if (!m.commit && err?.rolledBack) return true;
        throw err;
      }));
    }
    case 'close':
      return answer(m.id, pg.close().then(() => true)).then(() => process.exit(0));
    default:
      return answer(m.id, Promise.reject(new Error(`unknown message ${m.t}`)));
  }
});
parentPort.postMessage({ ready: true });
