import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { cardMarkup } from './card-markup.server';
import { imgPreloadOrder } from '../../lib/frame.server';
import { imageVariantsOf, type ProductListItem } from '@sorkhab/shared';
import { CardItem, CardMarkup, cardVariants, ProductCard, toCard, type CardProduct } from './ProductCard';

const react = (card: CardProduct, priority = false) => renderToString(<MemoryRouter><ProductCard product={card} priority={priority} /></MemoryRouter>);
/** React's render of a card above the fold: its picture's preload (React writes it first), then its markup. */
const PRELOAD = /^<link rel="preload" as="image" imageSrcSet="[^"]+" imageSizes="[^"]+" fetchPriority="high"\/>/;

/** A seeded source (an LCG): the same cards run after run. */
function source(seed: number) {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  return { int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}

const TITLES = ['کرم مرطوب‌کننده نیوآ حجم ۲۰۰ میلی‌لیتر', `<b>"Rose" & 'Oud'</b>`, 'a&amp;b', '💄 رژ لب \u2028 x', 'lone \uD800 surrogate', '\uE0001\uE001 marks'];
const BRANDS = [null, { id: 3, title: 'لورآل' }, { id: 4, title: 'M&M\'s <x>' }];

function randomCard(r: ReturnType<typeof source>, id: number): CardProduct {
  const price = r.int(1, 400) * 5000;
  const off = r.pick([0, 0, 5, 17, 50]);
  const hash = Array.from({ length: 64 }, () => r.pick([...'0123456789abcdef'])).join('');
  return {
    id, title: r.pick(TITLES), imageUri: `/uploads/${hash.slice(0, 2)}/${hash}.${r.pick(['jpg', 'png', 'webp'])}`,
    price, offPrice: Math.round(price * (100 - off) / 100), offPersent: off, hasOff: off > 0 && r.int(0, 3) > 0,
    stock: r.pick([0, 0, 1, 7, 250]), brand: r.pick(BRANDS), ratingAverage: r.int(10, 50) / 10, ratingCount: r.pick([0, 0, 1, 12, 1300]),
    priceVaries: r.int(0, 2) === 0,
  };
}

describe('a card\'s data', () => {
  it('carries its picture\'s variants only when they are not the upload\'s own, and shows the same either way', () => {
    const item = { ...randomCard(source(5), 9), alias: '', rate: 0, tags: '', categoryId: 1, categoryDescs: '', isDraft: false } as ProductListItem;
    const own = toCard({ ...item, imageVariants: imageVariantsOf(item.imageUri) });
    expect(own).not.toHaveProperty('imageVariants');
    expect(cardVariants(own)).toEqual(imageVariantsOf(item.imageUri));
    const elsewhere = [{ width: 300, uri: 'https://cdn.example/x-300.webp' }];
    expect(cardVariants(toCard({ ...item, imageUri: 'https://cdn.example/x.jpg', imageVariants: elsewhere }))).toEqual(elsewhere);
    expect(react(own)).toBe(react({ ...own, imageVariants: imageVariantsOf(item.imageUri) }));
  });
});

describe('a card written from its template', () => {
  it('is, for every shape (stock, brand, discount, rating, one price of several) and hostile titles, the markup React renders for the card', () => {
    const r = source(7);
    const shapes = new Set<string>();
    for (let id = 1; id <= 400; id++) {
      const card = randomCard(r, id);
      const html = cardMarkup(card);
      expect(html, `card ${id}`).toBe(react(card));
      shapes.add([card.stock > 0, !!card.brand, card.hasOff && card.offPersent > 0, card.ratingCount > 0, card.priceVaries].join());
    }
    expect(shapes.size).toBe(32);
  });

  it('is left to React for a picture outside the uploads\' naming, variants of its own, no picture or an empty title', () => {
    const card = randomCard(source(3), 1);
    for (const odd of [
      { ...card, imageUri: 'https://cdn.example/x.jpg' },
      { ...card, imageVariants: [{ width: 300, uri: '/uploads/ab/other-300.webp' }] },
      { ...card, imageUri: null },
      { ...card, title: '' },
      { ...card, brand: { id: 1, title: '' } },
    ]) expect(cardMarkup(odd)).toBeUndefined();
    expect(cardMarkup(card)).toBe(react(card));
  });

  it('is, above the fold (its picture eager and preloaded), for every shape, the markup React renders for the card', () => {
    const r = source(17);
    const shapes = new Set<string>();
    for (let id = 1; id <= 200; id++) {
      const card = randomCard(r, id);
      const whole = react(card, true);
      const preload = PRELOAD.exec(whole)?.[0];
      expect(preload, `card ${id}`).toBeDefined();
      expect(cardMarkup(card, true), `card ${id}`).toBe(whole.slice(preload!.length));
      expect(cardMarkup(card), `card ${id}`).toBe(react(card));
      shapes.add([card.stock > 0, !!card.brand, card.hasOff && card.offPersent > 0, card.ratingCount > 0, card.priceVaries].join());
    }
    expect(shapes.size).toBe(32);
  });

  it('goes in a listing\'s <li> as React writes the card there, the first cards\' pictures preloaded as React preloads them', () => {
    const r = source(11);
    const cards = Array.from({ length: 12 }, (_, i) => randomCard(r, i + 1));
    // Two products shown with one picture: React preloads it once.
    cards[1] = { ...cards[1]!, imageUri: cards[0]!.imageUri };
    const list = () => <ul>{cards.map((p, i) => <CardItem key={p.id} product={p} priority={i < 2} />)}</ul>;
    const asked: [number, boolean][] = [];
    const templated = renderToString(<MemoryRouter><CardMarkup value={(c, priority) => { asked.push([c.id, priority]); return cardMarkup(c, priority); }}>{list()}</CardMarkup></MemoryRouter>);
    const rendered = renderToString(<MemoryRouter>{list()}</MemoryRouter>);
    expect(imgPreloadOrder(templated)).toBe(rendered);
    expect(templated).not.toBe(rendered); // React's preload() writes fetchPriority first: put back by imgPreloadOrder
    expect(asked).toEqual(cards.map((c, i) => [c.id, i < 2]));
    expect(rendered.match(/<link rel="preload"/g)).toHaveLength(1);
    expect(rendered).toContain('fetchPriority="high"');
    // The other cards' pictures are lazy: not preloaded.
    cards[1] = { ...cards[1]!, imageUri: cards[2]!.imageUri };
    expect(imgPreloadOrder(renderToString(<MemoryRouter><CardMarkup value={cardMarkup}>{list()}</CardMarkup></MemoryRouter>)))
      .toBe(renderToString(<MemoryRouter>{list()}</MemoryRouter>));
    expect(renderToString(<MemoryRouter>{list()}</MemoryRouter>).match(/<link rel="preload"/g)).toHaveLength(2);
  });
});
