import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { accepts, compress, crc32After, crc32Of, crcShift, DEFLATE_HERE_BYTES, deflatePiece, dynamicDeflateFor, fixedPiece, gzipAround, gzipAroundPieces, gzipOfPieces, preferredEncoding, windowBitsFor } from './compression.js';

describe('compression', () => {
  it('sizes brotli\'s window to the body: 16 KB at least, the default 4 MB at most', () => {
    expect(windowBitsFor(0)).toBe(14);
    expect(windowBitsFor(100)).toBe(14);
    expect(windowBitsFor(40_000)).toBe(16);
    expect(windowBitsFor(100_000)).toBe(17);
    expect(windowBitsFor(50_000_000)).toBe(zlib.constants.BROTLI_DEFAULT_WINDOW);
  });

  it('gives back the same bytes, no larger than with the default window', async () => {
    const page = Buffer.from(Array.from({ length: 3000 }, (_, i) => `<li><a href="/product/${i}">رژ لب مات شماره ${i}</a></li>`).join(''));
    for (const level of ['dynamic', 'best'] as const) {
      const br = await compress(page, 'br', level);
      expect(zlib.brotliDecompressSync(br).equals(page)).toBe(true);
      const quality = level === 'dynamic' ? 5 : 11;
      expect(br.length).toBeLessThanOrEqual(zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }).length);
      expect(zlib.gunzipSync(await compress(page, 'gzip', level)).equals(page)).toBe(true);
    }
  });

  it('prefers brotli, then gzip, then nothing', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it('puts a gzip body together from pieces compressed apart: it decodes (CRC and length checked) to their texts in order', () => {
    const head = Buffer.from(`<head>${'<meta name="x" content="سرخاب"/>'.repeat(200)}<style`);
    const style = Buffer.from(`>${'.a{color:red}'.repeat(8000)}</style>`); // over deflate's 32 KB window
    const rest = Buffer.from(Array.from({ length: 3000 }, (_, i) => `<li>رژ لب ${i}</li>`).join(''));
    for (const texts of [[head, style, rest], [head, Buffer.alloc(0), rest], [rest]]) {
      const pieces = texts.map((text, i) => deflatePiece(text, i === texts.length - 1));
      const whole = Buffer.concat(texts);
      const crc = crc32Of(texts);
      expect(crc).toBe(zlib.crc32(whole));
      const gzipped = gzipOfPieces(pieces, crc, whole.length);
      expect(zlib.gunzipSync(gzipped).equals(whole)).toBe(true);
      expect(gzipped.length).toBeLessThan(whole.length / 3);
      // A wrong CRC or length is refused by the decoder: the trailer is checked.
      expect(() => zlib.gunzipSync(gzipOfPieces(pieces, crc + 1, whole.length))).toThrow();
      expect(() => zlib.gunzipSync(gzipOfPieces(pieces, crc, whole.length + 1))).toThrow();
    }
  });

  it('gzips a page around a text compressed once: the page decodes whole, with the piece between what is compressed now', async () => {
    const style = fixedPiece(Buffer.from(`>${'.a{color:red}.b{margin:0}'.repeat(3000)}</style>`)); // 75 KB, over deflate's window
    const head = `<!DOCTYPE html><html lang="fa"><head><title>رژ لب</title><style id="s"`;
    const rest = Array.from({ length: 2000 }, (_, i) => `<li><a href="/product/${i}">رژ لب ${i}</a></li>`).join('');
    // A tail deflated on this thread, and one too large for that (on the pool).
    const large = rest.repeat(4);
    expect(Buffer.byteLength(rest)).toBeLessThan(DEFLATE_HERE_BYTES);
    expect(Buffer.byteLength(large)).toBeGreaterThan(DEFLATE_HERE_BYTES);
    for (const [before, after] of [[head, rest], ['', rest], [head, ''], [head, large]] as const) {
      const page = Buffer.concat([Buffer.from(before), style.text, Buffer.from(after)]);
      const gzipped = (await gzipAround(page, style))!;
      expect(zlib.gunzipSync(gzipped).equals(page)).toBe(true);
      // The piece made once is sent as it is, between the two made now.
      expect(gzipped.includes(style.piece)).toBe(true);
      expect(gzipped.length).toBeLessThan(page.length / 4);
    }
    // Without the text (a returning visitor's page @imports the file), or with only its first bytes: not this way.
    expect(await gzipAround(Buffer.from(head + rest), style)).toBeUndefined();
    expect(await gzipAround(Buffer.concat([Buffer.from(head), style.text.subarray(0, style.text.length - 9), Buffer.from(rest)]), style)).toBeUndefined();
  });

  it('has the CRC-32 of texts one after the other from their own CRCs (as zlib reads the whole)', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const text = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(random() * 256)));
    const lengths = [0, 1, 2, 3, 7, 8, 255, 256, 4096, 65_535, 65_536, 100_003];
    for (let i = 0; i < 60; i++) lengths.push(Math.floor(random() * 200_000));
    for (const n of lengths) {
      const a = text(Math.floor(random() * 300));
      const b = text(n);
      const next = { crc: zlib.crc32(b), shift: crcShift(b.length) };
      expect(crc32After(zlib.crc32(a), next)).toBe(zlib.crc32(Buffer.concat([a, b])));
      expect(crc32After(0, next)).toBe(next.crc); // after nothing
    }
    expect(crcShift(0)).toBe(0x80000000); // x⁰: nothing follows, the CRC stays
  });

  it('deflates a short text with a window and hash that fit it, to the same bytes when inflated and no larger', () => {
    expect(dynamicDeflateFor(40_000)).toEqual({ level: 3, memLevel: 9 });
    expect(dynamicDeflateFor(32_000)).toEqual({ level: 3, memLevel: 9 });
    expect(dynamicDeflateFor(1_400)).toEqual({ level: 3, windowBits: 11, memLevel: 5 });
    expect(dynamicDeflateFor(0)).toEqual({ level: 3, windowBits: 9, memLevel: 3 });
    const head = '<!DOCTYPE html><html lang="fa" dir="rtl"><head><meta charSet="utf-8"/><title>جستجوی «کرم آبرسان» | سرخاب</title>'
      + '<meta name="description" content="نتایج جستجوی «کرم آبرسان» در محصولات آرایشی و بهداشتی."/><link rel="canonical" href="/search?search=%DA%A9%D8%B1%D9%85"/>';
    for (const n of [0, 1, 50, 250, 262, 263, 700, 1_400, 4_000, 12_000, 32_000]) {
      const gap = Buffer.from(head.repeat(Math.ceil(n / head.length) + 1)).subarray(0, n);
      const options = { ...dynamicDeflateFor(gap.length), finishFlush: zlib.constants.Z_SYNC_FLUSH };
      const fitted = zlib.deflateRawSync(gap, options);
      expect(zlib.inflateRawSync(fitted, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).equals(gap)).toBe(true);
      const largest = zlib.deflateRawSync(gap, { level: 3, memLevel: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
      expect(fitted.length).toBeLessThanOrEqual(largest.length);
    }
  });

  it('gzips a page around several pieces compressed once, its CRC read from the rest only', async () => {
    const header = fixedPiece(Buffer.from(`<header>${'<a href="/category/1">مراقبت پوست</a>'.repeat(300)}</header>`));
    const style = fixedPiece(Buffer.from(`>${'.a{color:red}.b{margin:0}'.repeat(3000)}</style>`));
    for (const [before, between, after] of [['<head><title>ر</title><style', '<input value="کرم"/>', '<main>x</main>'], ['', '', ''], ['<p>', '', '\uD800']] as const) {
      const texts = [Buffer.from(before), style.text, Buffer.from(between), header.text, Buffer.from(after)];
      const page = Buffer.concat(texts);
      const gzipped = await gzipAroundPieces(page, [{ from: texts[0]!.length, fixed: style }, { from: texts[0]!.length + style.text.length + texts[2]!.length, fixed: header }]);
      // gunzip checks the trailer's CRC and length.
      expect(zlib.gunzipSync(gzipped).equals(page)).toBe(true);
      expect(gzipped.includes(style.piece) && gzipped.includes(header.piece)).toBe(true);
    }
  });

  it('reads which encodings a browser takes', () => {
    expect(accepts('gzip, deflate, br', 'gzip')).toBe(true);
    expect(accepts('br', 'gzip')).toBe(false);
    expect(accepts(undefined, 'br')).toBe(false);
    expect(accepts('gzip;q=0, br', 'gzip')).toBe(false); // refused
    expect(accepts('gzip; q=0.000', 'gzip')).toBe(false);
    expect(accepts('gzip;q=0.5', 'gzip')).toBe(true);
    expect(accepts('GZIP', 'gzip')).toBe(true);
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
  });
});
