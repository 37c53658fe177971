import { describe, expect, it } from 'vitest';
import { galleryOf } from './gallery';

describe('galleryOf', () => {
  it('appends the main image to the end of the gallery', () => {
    const list = galleryOf({ title: 't', imageUri: '/m.png', imageVariants: [], gallery: [{ id: 1, imageUri: '/g.png', filename: 'g', imageVariants: [] }] });
    expect(list.map((i) => i.uri)).toEqual(['/g.png', '/m.png']);
  });
});
