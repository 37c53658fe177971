import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * Every place a row can hold an upload path. Columns: the product's picture (hidden products
 * included: their orders show it), its options' pictures, gallery images, category icons, slides and banners, and the
 * picture snapshot of each order line. Text: product descriptions (sanitised HTML may carry an
 * `<img src="/uploads/…">`) and store settings. A file is in use when any of these names it.
 * One list serves the sweep's scan and the single-file check, so a new image column is added once.
 */
const PLACES: { from: string; column: string; inText?: true }[] = [
  { from: 'products', column: 'image_uri' },
  { from: 'product_variants', column: 'image_uri' },
  { from: 'gallery_images', column: 'image_uri' },
  { from: 'categories', column: 'image_uri' },
  { from: 'slides', column: 'image_uri' },
  { from: 'order_items', column: 'image_uri' },
  { from: 'products', column: 'description', inText: true },
  { from: 'settings', column: 'value::text', inText: true },
];

const GROUP_IN_TEXT = /\/uploads\/([0-9a-f]{2}\/[0-9a-f]{64})/g;

/** The `ab/<hash>` groups some row references, read in one statement (one consistent snapshot). */
export async function referencedGroups(db: DbOrTx): Promise<Set<string>> {
  const selects = PLACES.map((p) =>
    sql.raw(`select ${p.column} as text from ${p.from} where ${p.column} like '${p.inText ? '%/uploads/%' : '/uploads/%'}'`));
  const { rows } = await db.execute(sql.join(selects, sql` union `));
  const groups = new Set<string>();
  for (const row of rows as { text: string }[]) {
    for (const m of row.text.matchAll(GROUP_IN_TEXT)) groups.add(m[1]!);
  }
  return groups;
}

/** Whether any row references this upload (`/uploads/ab/<hash>.jpg`). */
export async function isReferenced(db: DbOrTx, uri: string): Promise<boolean> {
  const like = `%${uri.slice(0, uri.lastIndexOf('.'))}%`; // the hash path: no LIKE wildcards in it
  const tests = PLACES.map((p) =>
    sql`exists(select 1 from ${sql.raw(p.from)} where ${sql.raw(p.column)} ${p.inText ? sql`like ${like}` : sql`= ${uri}`})`);
  const { rows } = await db.execute(sql`select (${sql.join(tests, sql` or `)}) as referenced`);
  return (rows[0] as { referenced: boolean }).referenced;
}
