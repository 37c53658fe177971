import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * Every place a row can hold an upload path. Columns: the product's picture (hidden products
 * included: their orders show it), gallery images, category icons, slides and banners, and the
 * picture snapshot of each order line. Text: product descriptions (sanitised HTML may carry an
 * `<img src="/uploads/…">`) and store settings. A file is in use when any of these names it.
 */
const COLUMNS = [
  sql`select image_uri as text from products where image_uri like '/uploads/%'`,
  sql`select image_uri from gallery_images where image_uri like '/uploads/%'`,
  sql`select image_uri from categories where image_uri like '/uploads/%'`,
  sql`select image_uri from slides where image_uri like '/uploads/%'`,
  sql`select image_uri from order_items where image_uri like '/uploads/%'`,
];
const TEXTS = [
  sql`select description from products where description like '%/uploads/%'`,
  sql`select value::text from settings where value::text like '%/uploads/%'`,
];

const GROUP_IN_TEXT = /\/uploads\/([0-9a-f]{2}\/[0-9a-f]{64})/g;

/** The `ab/<hash>` groups some row references, read in one statement (one consistent snapshot). */
export async function referencedGroups(db: DbOrTx): Promise<Set<string>> {
  const { rows } = await db.execute(sql.join([...COLUMNS, ...TEXTS], sql` union `));
  const groups = new Set<string>();
  for (const row of rows as { text: string }[]) {
    for (const m of row.text.matchAll(GROUP_IN_TEXT)) groups.add(m[1]!);
  }
  return groups;
}

/** Whether any row references this upload (`/uploads/ab/<hash>.jpg`). */
export async function isReferenced(db: DbOrTx, uri: string): Promise<boolean> {
  const like = `%${uri.slice(0, uri.lastIndexOf('.'))}%`; // the hash path: no LIKE wildcards in it
  const { rows } = await db.execute(sql`select (
    exists(select 1 from products where image_uri = ${uri})
    or exists(select 1 from gallery_images where image_uri = ${uri})
    or exists(select 1 from categories where image_uri = ${uri})
    or exists(select 1 from slides where image_uri = ${uri})
    or exists(select 1 from order_items where image_uri = ${uri})
    or exists(select 1 from products where description like ${like})
    or exists(select 1 from settings where value::text like ${like})
  ) as referenced`);
  return (rows[0] as { referenced: boolean }).referenced;
}
