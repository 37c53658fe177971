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

  it('answers every page byte for byte as it was given, in a file of its own that goes with the process', () => {
    const store = new PageStore({ dir });
    const pages = new Map(Array.from({ length: 201 }, (_, i) => [i + 1, zlib.gzipSync(page(i + 1))]));
    store.setMany(new Map([[1, pages.get(1)!]]));
    store.setMany(new Map([...pages].slice(1)));
    for (let id = 1; id <= 201; id++) expect(store.get(id)?.equals(pages.get(id)!), `page ${id}`).toBe(true);
    expect(store.get(999)).toBeUndefined();
    expect(store.bytes().file).toBe([...pages.values()].reduce((n, b) => n + b.length, 0)); // nothing but the pages
    expect(fs.readdirSync(dir)).toEqual([]); // the scratch file has no name: it goes with the process
    store.close();
  });

  it('saves its pages for the next start where they lie, opened only under the same key and whole; the file is consumed', () => {
    const file = path.join(dir, 'saved.pages');
    const store = new PageStore({ home: file });
    store.setMany(new Map(Array.from({ length: 300 }, (_, i) => [i + 1, page(i + 1)])));
    // While it runs it lives beside its home, under a name a start after a crash removes (save-file.ts).
    expect(fs.readdirSync(dir)).toHaveLength(1);
    expect(fs.readdirSync(dir)[0]).toMatch(new RegExp(`^saved\\.pages\\.${process.pid}-\\d+\\.tmp$`));
    store.delete(10);
    expect(store.count()).toBe(299);
    const live = fs.statSync(path.join(dir, fs.readdirSync(dir)[0]!));
    expect(store.save('snapshot-a')).toBe(299);
    // Saved by renaming its file (the same inode): the pages are not copied, the index is written after them.
    expect(fs.readdirSync(dir)).toEqual(['saved.pages']);
    expect(fs.statSync(file).ino).toBe(live.ino);
    expect(fs.statSync(file).size).toBeGreaterThan(live.size);
    expect(() => store.setMany(new Map([[1, page(1)]]))).toThrow(); // it no longer writes into what it saved
    expect(() => store.delete(1)).toThrow();
    expect(store.get(11)?.equals(page(11))).toBe(true); // but reads
    store.close();
    expect(fs.readdirSync(dir)).toEqual(['saved.pages']); // closing it leaves the save

    expect(PageStore.open(file, 'snapshot-b')).toBeUndefined(); // another snapshot's or build's pages
    expect(fs.readdirSync(dir)).toEqual([]);

    const again = new PageStore({ home: file });
    again.setMany(new Map(Array.from({ length: 300 }, (_, i) => [i + 1, page(i + 1)])));
    again.save('snapshot-a');
    again.close();
    const opened = PageStore.open(file, 'snapshot-a')!;
    expect(fs.existsSync(file)).toBe(false); // consumed: it lives under a live file's name again
    expect(fs.readdirSync(dir)).toHaveLength(1);
    expect(opened.count()).toBe(300); // read back: what the log of a restart says it has
    for (let id = 1; id <= 300; id++) expect(opened.get(id)?.equals(page(id)), `page ${id}`).toBe(true);
    // It goes on in the same file: new and replaced pages beside the saved ones, over the index it was saved with.
    opened.setMany(new Map([[5, page(5, 1)], [400, page(400)]]));
    expect(opened.count()).toBe(301);
    expect(opened.get(5)?.equals(page(5, 1))).toBe(true);
    expect(opened.get(400)?.equals(page(400))).toBe(true);
    expect(opened.get(6)?.equals(page(6))).toBe(true);
    opened.save('snapshot-c');
    opened.close();
    const third = PageStore.open(file, 'snapshot-c')!;
    expect(third.count()).toBe(301);
    for (let id = 1; id <= 400; id++) {
      const expected = id === 5 ? page(5, 1) : id <= 300 || id === 400 ? page(id) : undefined;
      if (expected) expect(third.get(id)?.equals(expected), `page ${id}`).toBe(true);
      else expect(third.get(id), `page ${id}`).toBeUndefined();
    }
    third.save('snapshot-c');
    third.close();

    // Cut short (a full disk, a save interrupted), or not a page file: not used, and removed.
    fs.truncateSync(file, fs.statSync(file).size - 10);
    expect(PageStore.open(file, 'snapshot-c')).toBeUndefined();
    fs.writeFileSync(file, 'not pages at all');
    expect(PageStore.open(file, 'snapshot-c')).toBeUndefined();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a saved file whose index does not add up, whatever its footer says', () => {
    const file = path.join(dir, 'tampered.pages');
    const store = new PageStore({ home: file });
    store.setMany(new Map(Array.from({ length: 20 }, (_, i) => [i + 1, page(i + 1)])));
    store.save('k');
    store.close();
    const whole = fs.readFileSync(file);
    // The index's length (the four bytes before the magic) pointing anywhere else.
    for (const length of [0, 3, whole.length, whole.readUInt32LE(whole.length - 20) + 8]) {
      const bad = Buffer.from(whole);
      bad.writeUInt32LE(length, bad.length - 20);
      fs.writeFileSync(file, bad);
      expect(PageStore.open(file, 'k'), `index length ${length}`).toBeUndefined();
    }
    // A page's length in the index one byte longer (its offsets and the pages' total no longer agree).
    const bad = Buffer.from(whole);
    const index = bad.length - 20 - bad.readUInt32LE(bad.length - 20);
    const lengths = index + 4 + bad.readUInt32LE(index) + 20 * 12;
    bad.writeInt32LE(bad.readInt32LE(lengths + 4 * 7) + 1, lengths + 4 * 7);
    fs.writeFileSync(file, bad);
    expect(PageStore.open(file, 'k')).toBeUndefined();
    expect(fs.readdirSync(dir).filter((n) => n.startsWith('tampered'))).toEqual([]); // each removed
    fs.writeFileSync(file, whole); // and as it was saved, opened
    const opened = PageStore.open(file, 'k')!;
    for (let id = 1; id <= 20; id++) expect(opened.get(id)?.equals(page(id)), `page ${id}`).toBe(true);
    opened.close();
    expect(fs.readdirSync(dir).filter((n) => n.startsWith('tampered'))).toEqual([]);
  });

  it('saves pages stored out of id order, replaced and deleted, and opens each one byte for byte', () => {
    const file = path.join(dir, 'shuffled.pages');
    const store = new PageStore({ home: file });
    // Ids in a scrambled order, in batches (as pages are built ahead by popularity), given compressed.
    const ids = Array.from({ length: 500 }, (_, i) => ((i * 337) % 500) + 1);
    for (let i = 0; i < ids.length; i += 37) store.setMany(new Map(ids.slice(i, i + 37).map((id) => [id, page(id)])));
    for (const id of [17, 250, 499]) store.setMany(new Map([[id, page(id, 2)]])); // moved to the file's end
    for (const id of [1, 251, 500]) store.delete(id); // holes in the runs
    expect(store.save('k')).toBe(497);
    store.close();
    const opened = PageStore.open(file, 'k')!;
    expect(opened.count()).toBe(497);
    for (let id = 1; id <= 500; id++) {
      const expected = [1, 251, 500].includes(id) ? undefined : page(id, [17, 250, 499].includes(id) ? 2 : 0);
      if (expected) expect(opened.get(id)?.equals(expected), `page ${id}`).toBe(true);
      else expect(opened.get(id), `page ${id}`).toBeUndefined();
    }
    opened.close();
  });

  it('replaces and deletes pages, and compacts its file when most of it is garbage', async () => {
    const store = new PageStore({ dir, minGarbage: 4096 });
    store.setMany(new Map(Array.from({ length: 50 }, (_, i) => [i + 1, page(i + 1)])));
    const first = store.bytes().file;
    for (let v = 1; v <= 30; v++) {
      store.setMany(new Map(Array.from({ length: 50 }, (_, i) => [i + 1, page(i + 1, v)])));
      await store.compacted();
    }
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
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('compacts a step at a time between other work, pages read, stored and dropped meanwhile staying right', async () => {
    const file = path.join(dir, 'compacted.pages');
    const store = new PageStore({ home: file, minGarbage: 4096 });
    const body = (id: number, v: number) => Buffer.concat([page(id, v), Buffer.alloc(8000, (id + v) % 256)]); // ≈ 10 KB, as given (a built page)
    const expected = new Map<number, Buffer>();
    const put = (id: number, v: number) => {
      expected.set(id, body(id, v));
      store.setMany(new Map([[id, expected.get(id)!]]));
    };
    for (const v of [0, 1]) store.setMany(new Map(Array.from({ length: 1000 }, (_, i) => [i + 1, body(i + 1, v)])));
    for (let id = 1; id <= 1000; id++) expected.set(id, body(id, 1));
    const whole = store.bytes().file;
    put(1, 2); // garbage now more than half the file: a compaction begins, and nothing is copied yet
    expect(store.compacting).toBe(true);
    expect(store.bytes().file).toBeGreaterThan(whole);
    let turns = 0;
    while (store.compacting) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
      put(((turns * 37) % 1000) + 1, 100 + turns); // replaced while it is copied
      put(1000 + turns, 0); // new
      if (turns % 2) {
        const gone = ((turns * 53) % 1000) + 1;
        store.delete(gone);
        expected.delete(gone);
      }
      for (const id of [2, 500, 999, ...expected.keys()].slice(0, 50)) expect(store.get(id)?.equals(expected.get(id)!) ?? !expected.has(id), `page ${id} mid-way`).toBe(true);
    }
    expect(turns).toBeGreaterThan(5); // ≈ 10 MB of live pages, copied a megabyte at a time
    for (let id = 1; id <= 1000 + turns; id++) {
      if (expected.has(id)) expect(store.get(id)?.equals(expected.get(id)!), `page ${id}`).toBe(true);
      else expect(store.get(id), `page ${id}`).toBeUndefined();
    }
    const live = [...expected.values()].reduce((n, b) => n + 1 + b.length, 0);
    expect(store.bytes().file).toBeLessThan(live * 1.1);
    expect(fs.readdirSync(dir).filter((n) => n.startsWith('compacted'))).toHaveLength(1); // the old file is gone
    // A save in the middle of a compaction: it stops, and what is saved is whole.
    for (let id = 1; id <= 1000; id++) put(id, 7);
    for (let id = 1; id <= 1000; id++) put(id, 8);
    expect(store.compacting).toBe(true);
    store.save('k');
    store.close();
    expect(fs.readdirSync(dir).filter((n) => n.startsWith('compacted'))).toEqual(['compacted.pages']);
    const opened = PageStore.open(file, 'k')!;
    for (const [id, b] of expected) expect(opened.get(id)?.equals(b), `page ${id} saved`).toBe(true);
    opened.close();
  });

  it('reads a page into a scratch buffer when it fits, and saves and opens its label with its pages', () => {
    const file = path.join(dir, 'given.pages');
    const store = new PageStore({ home: file });
    const given = new Map(Array.from({ length: 20 }, (_, i) => [i + 1, zlib.gzipSync(page(i + 1))]));
    store.setMany(given);
    for (const [id, body] of given) expect(store.get(id)?.equals(body), `page ${id}`).toBe(true);
    // Read into a scratch buffer when it fits: a view of it; else a buffer of its own.
    const scratch = Buffer.alloc(64 * 1024);
    const viewed = store.get(3, scratch)!;
    expect(viewed.equals(given.get(3)!)).toBe(true);
    expect(viewed.buffer).toBe(scratch.buffer);
    const apart = store.get(3, Buffer.alloc(8))!;
    expect(apart.equals(given.get(3)!)).toBe(true);
    expect(apart.buffer).not.toBe(scratch.buffer);
    store.label = 'stamp-1';
    store.save('k');
    store.close();
    const opened = PageStore.open(file, 'k')!;
    expect(opened.label).toBe('stamp-1');
    for (const [id, body] of given) expect(opened.get(id)?.equals(body), `page ${id}`).toBe(true);
    opened.close();
  });
});
