import { optionGroupsOf, toLatinDigits, toPersianDigits, type ProductAttributeEntry } from '@sorkhab/shared';
import type { Finish, Shape } from './images.js';
import { Rng } from './prng.js';
import { BLURBS, BRANDS, GROUP_SPECS, PALETTES, TREE, type Leaf } from './taxonomy.js';

/** A picture to generate: products sharing a key share the file. */
export interface ImageKey {
  shape: Shape;
  color: string;
  finish: Finish;
  extra?: string[];
  /** Background layout (0 for the main picture, 1–3 for gallery shots). */
  variant: number;
}
export const imageId = (k: ImageKey) => `${k.shape}|${k.color}|${k.finish}|${k.variant}|${(k.extra ?? []).join(',')}`;

export interface PlannedProduct {
  title: string;
  alias: string;
  tags: string;
  price: number;
  offPersent: number;
  rate: number;
  stock: number;
  soldCount: number;
  description: string;
  attributes: ProductAttributeEntry[];
  /** A volume's own price, by its option value (the smallest volume sells at `price`, so it has none). */
  sizePrices: Record<string, number>;
  leaf: number;
  brand: number;
  createdAt: Date;
  image: ImageKey;
  gallery: ImageKey[];
}

export interface LeafRef { leaf: Leaf; root: number; branch: number }

/** Every leaf category of the tree, in tree order. */
export const LEAVES: LeafRef[] = TREE.flatMap((root, r) => root.branches.flatMap((branch, b) => branch.leaves.map((leaf) => ({ leaf, root: r, branch: b }))));

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const words = (slug: string) => slug.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
const DISCOUNTS = [5, 10, 10, 15, 15, 20, 20, 25, 30, 35, 40];
const DAY = 86_400_000;

function priceIn(rng: Rng, [min, max]: [number, number]): number {
  const raw = min + (max - min) * rng.next() ** 1.4; // more cheap products than dear ones
  return Math.max(min, Math.round(raw / 10_000) * 10_000 - rng.pick([0, 0, 1_000, 5_000]));
}

/**
 * What each larger volume sells at, given the smallest one's price: dearer, if not in proportion (a 100 ml perfume at
 * 2.3 times its 30 ml), to the thousand toman. Values are «۵۰ میلی‌لیتر», smallest first.
 */
export function sizePricesOf(price: number, values: string[]): Record<string, number> {
  const ml = values.map((v) => Number.parseInt(toLatinDigits(v), 10));
  return Object.fromEntries(values.slice(1).map((v, k) => [v, Math.round((price * (ml[k + 1]! / ml[0]!) ** 0.7) / 1000) * 1000]));
}

/** The specifications are the product's attributes, shown once in their own box on the page: not repeated here. */
function describe(rng: Rng, title: string, leaf: Leaf, brand: (typeof BRANDS)[number]): string {
  const blurb = BLURBS[leaf.group];
  const points = rng.sample(blurb.points, rng.int(3, 4));
  return `<h3>معرفی ${esc(title)}</h3>`
    + `<p>${esc(leaf.title)} <strong>${esc(brand.title)}</strong> (${esc(brand.alias)}) ${esc(blurb.intro)}</p>`
    + `<h4>ویژگی‌ها</h4><ul>${points.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>`
    + `<h4>روش استفاده</h4><p>${esc(blurb.use)}</p>`
    + '<p><em>برای حفظ کیفیت، محصول را دور از نور مستقیم خورشید و در دمای اتاق نگهداری کنید.</em></p>';
}

/** The products of the demo shop (see plannedProducts), as a list. */
export const planProducts = (count: number, seed = 1404): PlannedProduct[] => [...plannedProducts(count, seed)];

/**
 * The products of the demo shop, from a seed: the same ones on every machine, one at a time (a million
 * need not be held at once). The first two rounds give every leaf category products; the rest fall where
 * the PRNG puts them.
 */
export function* plannedProducts(count: number, seed = 1404): Generator<PlannedProduct> {
  const rng = new Rng(seed);
  const now = Date.now();
  const byGroup = new Map<string, number[]>();
  BRANDS.forEach((b, i) => b.groups.forEach((g) => byGroup.set(g, [...(byGroup.get(g) ?? []), i])));
  const titles = new Set<string>();

  for (let i = 0; i < count; i++) {
    const leafIndex = i < LEAVES.length * 2 ? i % LEAVES.length : rng.int(0, LEAVES.length - 1);
    const leaf = LEAVES[leafIndex]!.leaf;
    const brandIndex = rng.pick(byGroup.get(leaf.group)!);
    const brand = BRANDS[brandIndex]!;
    const line = rng.pick(leaf.lines);

    const selectable: ProductAttributeEntry[] = [];
    let colors: { name: string; color: string; stock: number }[] = [];
    if (leaf.palette) {
      const soldOut = rng.chance(0.08);
      colors = rng.sample(PALETTES[leaf.palette], rng.int(3, 7)).map(([name, color]) => ({
        name, color, stock: soldOut ? 0 : rng.chance(0.15) ? 0 : rng.int(1, 30),
      }));
      selectable.push({ title: 'رنگ', select: 3, colorObj: colors });
    }
    if (leaf.option) {
      const values = leaf.option.values.slice(0, rng.int(2, leaf.option.values.length));
      selectable.push(leaf.option.select === 1
        ? { title: leaf.option.title, select: 1, arr: values }
        : { title: leaf.option.title, select: 2, obj: values.map((title, k) => ({ id: k + 1, title })) });
    }
    const specRows = [...(leaf.specs ?? []), ...GROUP_SPECS[leaf.group]]
      .filter(([t], k, all) => all.findIndex(([u]) => u === t) === k && t !== leaf.option?.title);
    const specs: ProductAttributeEntry[] = specRows.map(([t, values]) => ({ title: t, select: 0, value: rng.pick(values) }));

    let title = `${leaf.title} ${brand.title} مدل ${line[0]}`;
    const volume = specs.find((s) => s.title === 'حجم')?.value;
    if (volume && titles.has(title)) title += ` حجم ${volume}`;
    if (titles.has(title)) title += ` کد ${toPersianDigits(String(100 + i))}`;
    titles.add(title);

    const price = priceIn(rng, leaf.price);
    // Keyed by the option values the variants are made of (optionGroupsOf, as initialVariants reads them).
    const sizes = optionGroupsOf(selectable).find((g) => g.title === 'حجم');
    const sizePrices = sizes ? sizePricesOf(price, sizes.values.map((v) => v.value)) : {};
    const offPersent = rng.chance(0.3) ? rng.pick(DISCOUNTS) : 0;
    const stock = leaf.palette ? colors.reduce((n, c) => n + c.stock, 0) : rng.chance(0.1) ? 0 : rng.int(1, 150);
    const finish = rng.pick(leaf.finishes);
    const tint = colors[0]?.color ?? rng.pick(leaf.tints ?? ['#f8bbd0']);
    const extra = leaf.shape === 'palette' ? colors.slice(1).map((c) => c.color) : undefined;
    const image: ImageKey = { shape: leaf.shape, color: tint, finish, variant: 0, ...(extra ? { extra } : {}) };
    const gallery: ImageKey[] = [];
    if (rng.chance(0.4)) {
      for (let g = 1, n = rng.int(1, 3); g <= n; g++) {
        gallery.push({ ...image, variant: g, color: colors[g]?.color ?? image.color });
      }
    }

    yield {
      title,
      alias: `${brand.alias} ${line[1]} ${words(leaf.alias)}`,
      tags: [...leaf.tags, brand.title].join('، '),
      price, offPersent,
      rate: rng.chance(0.05) ? 0 : Math.round((rng.chance(0.7) ? 3.6 + rng.next() * 1.4 : 2.5 + rng.next() * 2.5) * 10) / 10,
      stock,
      soldCount: Math.floor(rng.next() ** 3 * 3000),
      description: describe(rng, title, leaf, brand),
      attributes: [...selectable, ...specs], sizePrices,
      leaf: leafIndex, brand: brandIndex,
      createdAt: new Date(now - Math.floor(rng.next() * 180 * DAY)),
      image, gallery,
    };
  }
}
