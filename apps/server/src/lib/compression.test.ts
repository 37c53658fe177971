import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, preferredEncoding, windowBitsFor } from './compression.js';

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
});
