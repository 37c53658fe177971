import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PageStore } from './page-store.js';

const page = (id: number, v = 0) => Buffer.from(JSON.stringify({
  success: true, data: { id, v, title: `کرم پودر شماره ${id}`, description: '<p>برای حفظ کیفیت، محصول را دور از نور مستقیم خورشید نگهداری کنید.</p>'.repeat(4), imageVariants: [100, 300, 600, 1200].map((w) => ({ width: w, uri: `/uploads/ab/${'f'.repeat(64)}-${w}.webp` })) }, error: null,
}));

describe('PageStore', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-pages-test-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answers every page byte for byte, before and after it has a dictionary, much smaller than its JSON', () => {
    const store = new PageStore(dir);
    store.setMany(new Map([[1, page(1)]])); // too little for a dictionary
    store.setMany(new Map(Array.from({ length: 200 }, (_, i) => [i + 2, page(i + 2)])));
    for (let id = 1; id <= 201; id++) expect(store.get(id)?.equals(page(id)), `page ${id}`).toBe(true);
    expect(store.get(999)).toBeUndefined();
    expect(store.bytes().file).toBeLessThan(201 * page(1).length / 4);
    expect(fs.readdirSync(dir)).toEqual([]); // the scratch file has no name: it goes with the process
    store.close();
  });

  it('saves its pages for the next start, opened only under the same key and whole; the file is consumed', () => {
    const file = path.join(dir, 'saved.pages');
    const store = new PageStore(dir);
    store.setMany(new Map(Array.from({ length: 300 }, (_, i) => [i + 1, page(i + 1)])));
    store.delete(10);
    expect(store.count()).toBe(299);
    expect(store.save(file, 'snapshot-a')).toBe(299);
    store.close();

    expect(PageStore.open(file, 'snapshot-b', dir)).toBeUndefined(); // another snapshot's or build's pages
    expect(fs.existsSync(file)).toBe(false);

    const again = new PageStore(dir);
    again.setMany(new Map(Array.from({ length: 300 }, (_, i) => [i + 1, page(i + 1)])));
    again.save(file, 'snapshot-a');
    again.close();
    const opened = PageStore.open(file, 'snapshot-a', dir)!;
    expect(fs.existsSync(file)).toBe(false);
    expect(opened.count()).toBe(300); // read back: what the log of a restart says it has
    for (let id = 1; id <= 300; id++) expect(opened.get(id)?.equals(page(id)), `page ${id}`).toBe(true);
    // It goes on in the same file: new and replaced pages beside the saved ones.
    opened.setMany(new Map([[5, page(5, 1)], [400, page(400)]]));
    expect(opened.count()).toBe(301);
    expect(opened.get(5)?.equals(page(5, 1))).toBe(true);
    expect(opened.get(400)?.equals(page(400))).toBe(true);
    expect(opened.get(6)?.equals(page(6))).toBe(true);
    opened.save(file, 'snapshot-c');
    opened.close();

    // Cut short (a full disk, a copy interrupted): not used.
    fs.truncateSync(file, fs.statSync(file).size - 10);
    expect(PageStore.open(file, 'snapshot-c', dir)).toBeUndefined();
    fs.writeFileSync(file, 'not pages at all');
    expect(PageStore.open(file, 'snapshot-c', dir)).toBeUndefined();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('saves pages stored out of id order, replaced and deleted, and opens each one byte for byte', () => {
    const file = path.join(dir, 'shuffled.pages');
    const store = new PageStore(dir);
    // Ids in a scrambled order, in batches (as pages are built ahead by popularity), given compressed.
    const ids = Array.from({ length: 500 }, (_, i) => ((i * 337) % 500) + 1);
    for (let i = 0; i < ids.length; i += 37) store.setMany(new Map(ids.slice(i, i + 37).map((id) => [id, page(id)])), true);
    for (const id of [17, 250, 499]) store.setMany(new Map([[id, page(id, 2)]]), true); // moved to the file's end
    for (const id of [1, 251, 500]) store.delete(id); // holes in the runs
    expect(store.save(file, 'k')).toBe(497);
    store.close();
    const opened = PageStore.open(file, 'k', dir)!;
    expect(opened.count()).toBe(497);
    for (let id = 1; id <= 500; id++) {
      const expected = [1, 251, 500].includes(id) ? undefined : page(id, [17, 250, 499].includes(id) ? 2 : 0);
      if (expected) expect(opened.get(id)?.equals(expected), `page ${id}`).toBe(true);
      else expect(opened.get(id), `page ${id}`).toBeUndefined();
    }
    opened.close();
  });

  it('replaces and deletes pages, and compacts its file when most of it is garbage', () => {
    const store = new PageStore(dir, 4096);
    store.setMany(new Map(Array.from({ length: 50 }, (_, i) => [i + 1, page(i + 1)])));
    const first = store.bytes().file;
    for (let v = 1; v <= 30; v++) store.setMany(new Map(Array.from({ length: 50 }, (_, i) => [i + 1, page(i + 1, v)])));
    store.delete(7);
    for (let id = 1; id <= 50; id++) {
      if (id === 7) expect(store.get(id)).toBeUndefined();
      else expect(store.get(id)?.equals(page(id, 30)), `page ${id}`).toBe(true);
    }
    // 31 versions of 50 pages were written: compaction keeps the file within a few versions' size.
    expect(store.bytes().file).toBeLessThan(first * 5); // without compaction: 31 times
    store.clear();
    expect(store.get(1)).toBeUndefined();
    store.close();
  });
  it('keeps bodies given compressed as they are, beside compressed ones, saved and opened with its label', () => {
    const store = new PageStore(dir);
    const given = new Map(Array.from({ length: 20 }, (_, i) => [i + 1, zlib.gzipSync(page(i + 1))]));
    store.setMany(given, true);
    // Stored as given: a flag byte and the body, nothing compressed again.
    expect(store.bytes().file).toBe([...given.values()].reduce((n, b) => n + 1 + b.length, 0));
    store.setMany(new Map([[30, page(30)]])); // compressed by the store
    expect(store.bytes().file).toBeLessThan([...given.values()].reduce((n, b) => n + 1 + b.length, 0) + page(30).length);
    for (const [id, body] of given) expect(store.get(id)?.equals(body), `page ${id}`).toBe(true);
    expect(store.get(30)?.equals(page(30))).toBe(true);
    // Read into a scratch buffer when it fits: a view of it; else a buffer of its own.
    const scratch = Buffer.alloc(64 * 1024);
    const viewed = store.get(3, scratch)!;
    expect(viewed.equals(given.get(3)!)).toBe(true);
    expect(viewed.buffer).toBe(scratch.buffer);
    const apart = store.get(3, Buffer.alloc(8))!;
    expect(apart.equals(given.get(3)!)).toBe(true);
    expect(store.get(30, scratch)?.equals(page(30))).toBe(true);
    store.label = 'stamp-1';
    const file = path.join(dir, 'given.pages');
    store.save(file, 'k');
    store.close();
    const opened = PageStore.open(file, 'k', dir)!;
    expect(opened.label).toBe('stamp-1');
    for (const [id, body] of given) expect(opened.get(id)?.equals(body), `page ${id}`).toBe(true);
    expect(opened.get(30)?.equals(page(30))).toBe(true);
    opened.close();
  });
});
