import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, products } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createCategory, pngImage } from '../../../test/factories.js';
import { adminForm, dataOf, endlessUpload, errorOf, UNAUTHORIZED_MESSAGE } from '../../../test/api.js';

let t: TestApp;
let categoryId: number;
beforeAll(async () => {
  t = await buildTestApp();
  categoryId = (await createCategory(t)).id;
});
afterAll(async () => { await t.close(); });

const fields = () => ({ Title: 'کرم', Alias: 'cream', Tags: 'کرم', Price: 1000, Description: 'خوب', CategoryId: categoryId });
const createWith = (file: { filename: string; data: Buffer; type?: string }, extra: Record<string, string | number> = {}) =>
  adminForm(t, 'POST', '/api/Product/Create', { ...fields(), ...extra }, [{ field: 'ImageFile', ...file }]);

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();
}
const uploads = () => filesUnder(path.join(t.dataDir, 'uploads'));
const rowCount = async () => ({ products: (await t.db.select().from(products)).length, media: (await t.db.select().from(media)).length });

describe('image uploads', () => {
  it('accepts a PNG named .txt with a text content type: the bytes decide', async () => {
    const p = dataOf(await createWith({ filename: 'notes.txt', data: await pngImage(50, 50, '#aa0000'), type: 'text/plain' }));
    expect(p.imageUri).toMatch(/\.png$/);
  });

  it('answers 415 for a text file named .jpg, and stores nothing', async () => {
    const before = { files: uploads(), rows: await rowCount() };
    const res = await createWith({ filename: 'photo.jpg', data: Buffer.from('hello, I am plain text pretending to be a JPEG'), type: 'image/jpeg' });
    expect(res.statusCode).toBe(415);
    expect(errorOf(res)).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'فقط تصویرهای JPEG، PNG، WebP، GIF و AVIF پذیرفته می‌شوند' });
    expect(uploads()).toEqual(before.files);
    expect(await rowCount()).toEqual(before.rows);
  });

  it('answers 415 for a file that starts like a PNG but is broken', async () => {
    const broken = Buffer.concat([(await pngImage()).subarray(0, 16), Buffer.alloc(200, 7)]);
    const res = await createWith({ filename: 'broken.png', data: broken });
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).message).toBe('فایل تصویر خراب است یا خوانده نمی‌شود');
  });

  it('answers 413 saying its size for an image of more pixels than it decodes (a 108-megapixel phone photo), read from its header', async () => {
    // A PNG whose header says 12,000 × 9,000: its size is read from the header, nothing is decoded.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const out = Buffer.alloc(12 + data.length);
      out.writeUInt32BE(data.length, 0);
      body.copy(out, 4);
      out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
      return out;
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(12_000, 0);
    header.writeUInt32BE(9_000, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
    const huge = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
    const before = { files: uploads(), rows: await rowCount() };
    const res = await createWith({ filename: 'phone.png', data: huge });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'ابعاد تصویر (۱۲٬۰۰۰ در ۹٬۰۰۰ پیکسل) بیش از حد مجاز است؛ آن را کوچک‌تر کنید (حداکثر ۵۰ میلیون پیکسل، مثلاً ۸٬۰۰۰ در ۶٬۰۰۰)' });
    expect(uploads()).toEqual(before.files);
    expect(await rowCount()).toEqual(before.rows);
  });

  it('answers 415 for an SVG, which could carry script', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    expect((await createWith({ filename: 'logo.png', data: svg, type: 'image/png' })).statusCode).toBe(415);
  });

  it('answers 413 for an image over 5 MB, and stores nothing', async () => {
    const before = { files: uploads(), rows: await rowCount() };
    const big = Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const res = await createWith({ filename: 'big.png', data: big });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'حجم هر تصویر باید حداکثر ۵ مگابایت باشد' });
    expect(uploads()).toEqual(before.files);
    expect(await rowCount()).toEqual(before.rows);
  });

  it('leaves no file and no row when the product is refused after its image was processed', async () => {
    const before = { files: uploads(), rows: await rowCount() };
    const res = await createWith({ filename: 'fresh.png', data: await pngImage(70, 70, '#13579b') }, { CategoryId: 999999 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ categoryId: 'دسته‌بندی انتخاب‌شده پیدا نشد' });
    expect(uploads()).toEqual(before.files);
    expect(await rowCount()).toEqual(before.rows);
  });

  it('stores the original once and WebP variants 100, 300, 600 and 1200 px wide', async () => {
    const image = await sharp({ create: { width: 1500, height: 750, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const p = dataOf(await createWith({ filename: 'wide.jpeg', data: image, type: 'image/jpeg' }));
    expect(p.imageUri).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.jpg$/);
    const widths = [];
    for (const v of p.imageVariants) {
      const file = path.join(t.dataDir, v.uri);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      widths.push(meta.width);
    }
    expect(widths).toEqual([100, 300, 600, 1200]);
    expect(fs.readFileSync(path.join(t.dataDir, p.imageUri)).equals(image)).toBe(true);
  });

  it('never enlarges a small image', async () => {
    const p = dataOf(await createWith({ filename: 's.png', data: await pngImage(80, 40, '#010203') }));
    for (const v of p.imageVariants) expect((await sharp(path.join(t.dataDir, v.uri)).metadata()).width).toBe(80);
  });

  it('stores the same image once, however often it is uploaded', async () => {
    const image = await pngImage(33, 33, '#999999');
    const a = dataOf(await createWith({ filename: 'a.png', data: image }));
    const filesAfterFirst = uploads();
    const mediaAfterFirst = (await rowCount()).media;
    const b = dataOf(await createWith({ filename: 'b.png', data: image }));
    expect(b.imageUri).toBe(a.imageUri);
    expect(uploads()).toEqual(filesAfterFirst);
    expect((await rowCount()).media).toBe(mediaAfterFirst);
  });

  it('accepts JPEG, PNG, WebP, GIF and AVIF', async () => {
    const base = () => sharp({ create: { width: 24, height: 24, channels: 3, background: '#f06292' } });
    const kinds = {
      jpg: await base().jpeg().toBuffer(), png: await base().png().toBuffer(), webp: await base().webp().toBuffer(),
      gif: await base().gif().toBuffer(), avif: await base().avif().toBuffer(),
    };
    for (const [ext, data] of Object.entries(kinds)) {
      const p = dataOf(await createWith({ filename: 'x.bin', data, type: 'application/octet-stream' }));
      expect(p.imageUri.endsWith(`.${ext}`), ext).toBe(true);
    }
  });

  it('serves uploads with long-lived cache headers', async () => {
    const p = dataOf(await createWith({ filename: 'c.png', data: await pngImage(21, 21, '#121212') }));
    const res = await t.app.inject({ method: 'GET', url: p.imageVariants[0].uri });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('refuses an anonymous upload with 401 without reading its body', async () => {
    const upload = endlessUpload();
    const res = await t.app.inject({ method: 'POST', url: '/api/Product/Create', payload: upload.payload, headers: upload.headers });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({ code: 'UNAUTHORIZED', message: UNAUTHORIZED_MESSAGE });
    expect(upload.reads).toBe(0);
    upload.payload.destroy();
  });

  it('refuses a shopper\'s upload with 403 without reading its body', async () => {
    const { customerToken } = await import('../../../test/api.js');
    const token = await customerToken(t);
    for (const url of ['/api/Gallery', '/api/Category/Create', '/api/Slider']) {
      const upload = endlessUpload();
      const res = await t.app.inject({ method: 'POST', url, payload: upload.payload, headers: { ...upload.headers, authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(403);
      expect(upload.reads, url).toBe(0);
      upload.payload.destroy();
    }
  });
});
