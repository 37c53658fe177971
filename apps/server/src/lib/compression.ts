import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * How the shop compresses what it sends (measured on a 108 KB product page on the 2-core VM: brotli quality 4
 * 1.5 ms → 22.9 KB, 5 2.3 ms → 21.4 KB, 9 17 ms → 20.8 KB, 11 139 ms → 18.9 KB; gzip 6 1.8 ms → 23.7 KB):
 * - a response made for one request, or the first answer of a cached page, at a level fit for dynamic content
 *   (brotli 5, gzip 6);
 * - a cached page asked for again, and the web build's static files (compressed once at build time), at the
 *   highest level (brotli 11, gzip 9): the cost is paid once for many answers.
 * The work runs on libuv's thread pool (zlib's asynchronous calls), not on the thread that serves requests.
 */
export type Encoding = 'br' | 'gzip';
export type Level = 'dynamic' | 'best';

export const BROTLI_QUALITY: Record<Level, number> = { dynamic: 5, best: 11 };
export const GZIP_LEVEL: Record<Level, number> = { dynamic: 6, best: 9 };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli's window: the smallest that holds the whole body (16 KB to its default 4 MB). A larger one compresses the
 * same bytes no better, but each encoder allocates it (with its hash tables) on the thread pool, and glibc keeps
 * what several of them at once took: at 100,000 products the cold page mix grew the server's RSS past 400 MB.
 */
export const windowBitsFor = (bytes: number) => Math.min(zlib.constants.BROTLI_DEFAULT_WINDOW, Math.max(14, Math.ceil(Math.log2(bytes + 16))));

/** Answers and files smaller than this are sent as they are (by @fastify/compress, web.ts's pages and the build's precompressed files alike). */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli's window for the answers @fastify/compress streams (the API's JSON, client navigations' data), whose size the
 * encoder is not told: 256 KB (18 bits) holds nearly all of them whole. With the default 4 MB, the cold search pages,
 * when they were sent that way, ran 7 full garbage collections a second instead of 2 and came at half the rate; with
 * a small window they came as fast as the pages compressed by `compress` (web.ts, sendPage).
 */
export const DYNAMIC_BROTLI_WINDOW = 18;

export function compress(body: Buffer, encoding: Encoding, level: Level): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[level],
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_LGWIN]: windowBitsFor(body.length),
    } })
    : gzip(body, { level: GZIP_LEVEL[level] });
}

/** The encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepts = acceptEncoding ?? '';
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
}
