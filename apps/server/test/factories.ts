import sharp from 'sharp';
import type { TestApp } from './helpers.js';
import { bearer } from './helpers.js';
import { multipart } from './multipart.js';

let counter = 0;
const uniq = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A real PNG of the given size and colour. */
export function pngImage(width = 64, height = 64, color = '#c2185b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

export async function createCategory(t: TestApp, fields: Record<string, string | number> = {}) {
  const body = multipart({ title: `دسته ${uniq()}`, alias: 'cat', ...fields });
  const res = await t.app.inject({ method: 'POST', url: '/api/Category/Create', ...body, headers: { ...body.headers, ...bearer(await t.adminToken()) } });
  if (res.statusCode !== 200) throw new Error(`createCategory ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; title: string };
}

export async function createBrand(t: TestApp, title = `برند ${uniq()}`) {
  const res = await t.app.inject({ method: 'POST', url: '/api/Brand/Create', payload: { title }, headers: bearer(await t.adminToken()) });
  if (res.statusCode !== 200) throw new Error(`createBrand ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; title: string };
}

export async function createProduct(t: TestApp, fields: Record<string, string | number | boolean> = {}, image?: Buffer) {
  const categoryId = fields.CategoryId ?? (await createCategory(t)).id;
  const body = multipart(
    { Title: `محصول ${uniq()}`, Alias: 'product', Tags: 'کرم', Price: 100000, Description: '<p>توضیح</p>', Stock: 5, ...fields, CategoryId: categoryId },
    image ? [{ field: 'ImageFile', filename: 'p.png', data: image, type: 'image/png' }] : [],
  );
  const res = await t.app.inject({ method: 'POST', url: '/api/Product/Create', ...body, headers: { ...body.headers, ...bearer(await t.adminToken()) } });
  if (res.statusCode !== 200) throw new Error(`createProduct ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; title: string; categoryId: number; price: number; offPrice: number };
}
