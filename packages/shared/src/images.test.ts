import { describe, expect, it } from 'vitest';
import { hasOwnVariants, imageVariantsOf, uploadBase } from './images.js';

const uri = '/uploads/6f/6fa2b25499e354f362e95bd0fe86570ade418275b058920cf436a5aee6bbc8a6.jpg';
const stem = uri.slice(0, -4);

describe('an upload\'s variants', () => {
  it('are its WebP widths beside it, smallest first; none for another address or none', () => {
    expect(imageVariantsOf(uri)).toEqual([100, 300, 600, 1200].map((width) => ({ width, uri: `${stem}-${width}.webp` })));
    expect(imageVariantsOf('https://cdn.example/uploads/a.jpg')).toEqual([]);
    expect(imageVariantsOf(null)).toEqual([]);
    expect(uploadBase(uri)).toBe(stem);
    expect(uploadBase('https://cdn.example/uploads/a.jpg')).toBeNull();
  });

  it('are known to be its own only when they are exactly those, in that order', () => {
    expect(hasOwnVariants(uri, imageVariantsOf(uri))).toBe(true);
    expect(hasOwnVariants(null, [])).toBe(true);
    expect(hasOwnVariants(uri, imageVariantsOf(uri).reverse())).toBe(false);
    expect(hasOwnVariants(uri, imageVariantsOf(uri).slice(1))).toBe(false);
    expect(hasOwnVariants(uri, [...imageVariantsOf(uri).slice(0, 3), { width: 1200, uri: `${stem}-1200.avif` }])).toBe(false);
    expect(hasOwnVariants('https://cdn.example/a.jpg', [{ width: 300, uri: 'https://cdn.example/a-300.webp' }])).toBe(false);
  });
});
