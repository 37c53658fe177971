import { and, asc, gt } from 'drizzle-orm';
import type { ProductAdminFilter } from '@sorkhab/shared';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import type { ReadCache } from '../../lib/cache.js';
import { brandMap } from './brand.service.js';
import { categoryIndex, pathOf } from './category.service.js';
import { CATEGORY_SEPARATOR } from './product-import.service.js';
import { STATUS_DRAFT, STATUS_PUBLISHED, toCsv, type CsvRow } from './product-csv.js';
import { adminWhere } from './product.service.js';
import { liveVariantsOf } from './variant.service.js';

/** Products per query: the export reads the catalogue in id order a chunk at a time. */
const CHUNK = 1_000;

/** The products matching the admin's filter and their variants, as the CSV the import reads back (product-csv.ts). */
export async function exportProductsCsv(db: Db, cache: ReadCache, filter: ProductAdminFilter): Promise<string> {
  const where = await adminWhere(db, cache, filter);
  const [index, brandsById] = await Promise.all([categoryIndex(db, cache), brandMap(db, cache)]);
  const out: CsvRow[] = [];
  for (let after = 0; ;) {
    const rows = await db.select().from(products).where(and(where, gt(products.id, after))).orderBy(asc(products.id)).limit(CHUNK);
    const variants = await liveVariantsOf(db, rows.map((r) => r.id));
    for (const p of rows) {
      const product = {
        productId: String(p.id), title: p.title, alias: p.alias, tags: p.tags,
        category: pathOf(index, p.categoryId).map((c) => c.title).join(CATEGORY_SEPARATOR),
        brand: p.brandId ? brandsById.get(p.brandId)?.title ?? '' : '', price: String(p.price), offPersent: String(p.offPersent),
        status: p.isDraft ? STATUS_DRAFT : STATUS_PUBLISHED, rate: String(p.rate),
        attributes: p.attributes.length ? JSON.stringify(p.attributes) : '', description: p.description,
      };
      for (const v of variants.get(p.id) ?? []) {
        out.push({
          ...product, variantId: String(v.id), options: v.label, sku: v.sku ?? '', barcode: v.barcode ?? '',
          variantPrice: v.price === null ? '' : String(v.price), stock: String(v.stock),
        });
      }
    }
    if (rows.length < CHUNK) break;
    after = rows.at(-1)!.id;
  }
  return toCsv(out);
}
