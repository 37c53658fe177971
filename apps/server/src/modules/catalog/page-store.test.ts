import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
    for (let id = 1; id <= 300; id++) expect(opened.get(id)?.equals(page(id)), `page ${id}`).toBe(true);
    // It goes on in the same file: new and replaced pages beside the saved ones.
    opened.setMany(new Map([[5, page(5, 1)], [400, page(400)]]));
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
  it('cuts bodies at its marks, each part with its own dictionary: byte for byte, smaller, saved and opened with its marks and label', () => {
    // Pages shaped like the HTML: a common head, a part of their own, a long common footer, data of their own.
    const footer = Array.from({ length: 600 }, (_, i) => `<a href="/category/${i}">دسته شماره ${i}</a>`).join('');
    const html = (id: number) => Buffer.from(`<head>${'<meta name="x" content="سرخاب"/>'.repeat(600)}</head><main>${page(id).toString()}</main>`
      + `<footer>${footer}</footer><script>streamController.enqueue(${JSON.stringify(page(id * 7).toString())})</script>`);
    const marks = ['<main', '<footer', 'streamController.enqueue'].map((m) => Buffer.from(m));
    const cut = new PageStore(dir, undefined, undefined, marks);
    const whole = new PageStore(dir);
    const bodies = new Map(Array.from({ length: 40 }, (_, i) => [i + 1, html(i + 1)]));
    bodies.set(41, Buffer.from('<main>no footer, no data</main>')); // marks missing: empty parts
    bodies.set(42, Buffer.from('streamController.enqueue before <main and <footer, out of order'));
    for (const [id, body] of bodies) {
      cut.setMany(new Map([[id, body]]));
      whole.setMany(new Map([[id, body]]));
    }
    for (const [id, body] of bodies) expect(cut.get(id)?.equals(body), `page ${id}`).toBe(true);
    expect(cut.bytes().file).toBeLessThan(whole.bytes().file / 2);
    whole.close();
    cut.label = 'stamp-1';
    const file = path.join(dir, 'cut.pages');
    cut.save(file, 'k');
    cut.close();
    const opened = PageStore.open(file, 'k', dir)!;
    expect(opened.label).toBe('stamp-1');
    for (const [id, body] of bodies) expect(opened.get(id)?.equals(body), `page ${id}`).toBe(true);
    opened.setMany(new Map([[43, html(43)]])); // compressed with the saved parts' dictionaries
    expect(opened.get(43)?.equals(html(43))).toBe(true);
    opened.close();
  });
});
