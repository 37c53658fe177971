import { describe, expect, it } from 'vitest';
import { PageStore } from './page-store.js';

const page = (id: number) => Buffer.from(JSON.stringify({
  success: true, data: { id, title: `کرم پودر شماره ${id}`, description: '<p>برای حفظ کیفیت، محصول را دور از نور مستقیم خورشید نگهداری کنید.</p>'.repeat(4), imageVariants: [100, 300, 600, 1200].map((w) => ({ width: w, uri: `/uploads/ab/${'f'.repeat(64)}-${w}.webp` })) }, error: null,
}));

describe('PageStore', () => {
  it('answers every page byte for byte, before and after it has a dictionary', () => {
    const store = new PageStore(10 * 1024 * 1024);
    store.setMany(new Map([[1, page(1)]])); // too little for a dictionary
    store.setMany(new Map(Array.from({ length: 40 }, (_, i) => [i + 2, page(i + 2)])));
    for (let id = 1; id <= 41; id++) expect(store.get(id)?.equals(page(id)), `page ${id}`).toBe(true);
    expect(store.get(99)).toBeUndefined();
  });

  it('keeps pages much smaller than their JSON, and within its budget, the least recently read going first', () => {
    const store = new PageStore(128 * 1024);
    store.setMany(new Map(Array.from({ length: 200 }, (_, i) => [i + 1, page(i + 1)])));
    expect(store.bytes()).toBeLessThan(200 * page(1).length / 3); // the 32 KB dictionary included
    store.get(1);
    store.setMany(new Map(Array.from({ length: 4000 }, (_, i) => [i + 1000, page(i + 1000)])));
    expect(store.bytes()).toBeLessThanOrEqual(128 * 1024 + 32 * 1024);
    expect(store.has(2)).toBe(false);
    expect(store.has(4999)).toBe(true);
    store.delete(4999);
    expect(store.get(4999)).toBeUndefined();
  });
});
