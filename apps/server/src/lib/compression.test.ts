import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { accepts, compress, crc32Of, DEFLATE_HERE_BYTES, deflatePiece, fixedPiece, gzipAround, gzipOfPieces, preferredEncoding, windowBitsFor } from './compression.js';

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
