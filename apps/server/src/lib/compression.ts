import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';

/**
 * How the shop compresses what it sends (measured on a 108 KB product page on the 2-core VM: brotli quality 4
 * 1.5 ms → 22.9 KB, 5 2.3 ms → 21.4 KB, 9 17 ms → 20.8 KB, 11 139 ms → 18.9 KB; gzip 6 1.8 ms → 23.7 KB; and on
 * the 68 KB a listing put together from its frame compresses per request: gzip 3 0.23 ms → 11.9 KB, 4 0.39 ms →
 * 11.2 KB, 6 0.50 ms → 10.7 KB):
 * - a response made for one request, or the first answer of a cached page, at a level fit for dynamic content
 *   (brotli 5, gzip 3: deflate's fast levels end at 3); a first visit's page made for one answer is gzipped around
 *   its stylesheet, compressed once (`gzipAround`);
 * - a cached page asked for again, and the web build's static files (compressed once at build time), at the
 *   highest level (brotli 11, gzip 9): the cost is paid once for many answers.
 * Brotli runs on libuv's thread pool (zlib's asynchronous calls), not on the thread that serves requests; a page gzipped
 * around pieces compressed once is deflated on the serving thread up to `DEFLATE_HERE_BYTES` (below).
 */
export type Encoding = 'br' | 'gzip';
export type Level = 'dynamic' | 'best';

export const BROTLI_QUALITY: Record<Level, number> = { dynamic: 5, best: 11 };
export const GZIP_LEVEL: Record<Level, number> = { dynamic: 3, best: 9 };

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

/**
 * Bytes kept to be sent many times (a cached page, a cached API answer) with their compressed copies: the first made at
 * the dynamic level when first asked for in an encoding, then, once asked for again, the best level's made in the
 * background (`upgrade`), which answers from then on. A URL asked for once never pays for the best level.
 */
export interface KeptBytes {
  body: Buffer;
  compressed: Partial<Record<Encoding, { bytes: Buffer; best: boolean }>>;
  /** Answered before: asked for again, it is compressed at the best level. */
  answered?: boolean;
  /** The encodings whose best copy is being made. */
  upgrading?: Set<Encoding>;
}

/** Best-level compressions under way (in the background). */
const upgrades = new Set<Promise<void>>();

/**
 * Resolves when no best-level compression is under way, to whether one was: a test's two requests then see the same
 * copy.
 */
export async function compressionsSettled(): Promise<boolean> {
  const any = upgrades.size > 0;
  while (upgrades.size) await Promise.allSettled([...upgrades]);
  return any;
}

/** Kept bytes compressed at the highest level in `encoding`, in the background, unless they are or are being. */
function upgrade(kept: KeptBytes, encoding: Encoding) {
  if (kept.compressed[encoding]?.best || kept.upgrading?.has(encoding)) return;
  (kept.upgrading ??= new Set()).add(encoding);
  const made = compress(kept.body, encoding, 'best')
    .then((bytes) => { kept.compressed[encoding] = { bytes, best: true }; }, () => undefined)
    .finally(() => { kept.upgrading?.delete(encoding); upgrades.delete(made); });
  upgrades.add(made);
}

/** Bytes in `encoding`, with the headers that say so. */
export const sendEncoded = (reply: FastifyReply, encoding: Encoding, bytes: Buffer) =>
  reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(bytes);

/**
 * Kept bytes for a request, made without waiting for the thread pool. Their first copy is gzip at the dynamic level made
 * here (`firstGzip`: a page's goes around its stylesheet's piece), sent even to a browser that prefers brotli; asked
 * for again, they are compressed at the highest level in the background (brotli for a browser that takes it, else
 * gzip), and that copy answers once made. A kept page's first copy used to be brotli at the dynamic level on the pool,
 * awaited: under the cold listings the pool's answer came back only after the serving thread's next turn through every
 * connection's request, so the page asked for a second time (1–3% of a crawl) came 150–400 ms late, which was a
 * crawler's p99 (docs/decisions/032-listing-frames.md). A browser that takes brotli alone still waits for it.
 */
export async function sendKept(acceptEncoding: string | undefined, reply: FastifyReply, kept: KeptBytes,
  firstGzip: (body: Buffer) => Buffer | Promise<Buffer> = gzipHere) {
  if (kept.body.length < COMPRESS_FROM_BYTES) return reply.send(kept.body);
  const takesBrotli = accepts(acceptEncoding, 'br');
  const br = kept.compressed.br;
  if (takesBrotli && br?.best) return sendEncoded(reply, 'br', br.bytes);
  // A built product page comes with its gzip at the best level: its first answer from the cache starts no brotli
  // either (under a crawl, each page asked for twice made brotli's highest level cost ≈ 0.3 s of a core).
  const again = kept.answered === true;
  kept.answered = true;
  if (accepts(acceptEncoding, 'gzip')) {
    const gzip = kept.compressed.gzip;
    if (!gzip) {
      const bytes = await firstGzip(kept.body);
      kept.compressed.gzip ??= { bytes, best: false }; // (a tail past DEFLATE_HERE_BYTES is deflated on the pool meanwhile)
      return sendEncoded(reply, 'gzip', bytes);
    }
    if (again) upgrade(kept, takesBrotli ? 'br' : 'gzip');
    return sendEncoded(reply, 'gzip', gzip.bytes);
  }
  if (!takesBrotli) return reply.send(kept.body);
  if (br) {
    if (again) upgrade(kept, 'br');
    return sendEncoded(reply, 'br', br.bytes);
  }
  const bytes = await compress(kept.body, 'br', 'dynamic');
  kept.compressed.br ??= { bytes, best: false };
  return sendEncoded(reply, 'br', bytes);
}

/** An encoding named in Accept-Encoding, unless with a weight of 0 (refused: RFC 9110, 12.5.3). */
const named = (name: string) => new RegExp(`\\b${name}\\b(?!\\s*;\\s*q\\s*=\\s*0(?:\\.0{0,3})?(?![.\\d]))`, 'i');
const NAMED: Record<Encoding, RegExp> = { br: named('br'), gzip: named('gzip') };

/** Whether an Accept-Encoding header names `encoding` (and does not refuse it). */
export const accepts = (acceptEncoding: string | undefined, encoding: Encoding) => NAMED[encoding].test(acceptEncoding ?? '');

/** The encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  return accepts(acceptEncoding, 'br') ? 'br' : accepts(acceptEncoding, 'gzip') ? 'gzip' : null;
}

/**
 * Text compressed once at gzip's highest level as a piece of raw deflate that another piece may follow (it ends with a
 * sync flush, on a byte boundary, no final block), or the `last` piece (it ends the stream). Pieces made apart and put
 * one after the other are one deflate stream of their texts one after the other (RFC 1951): what `gzipOfPieces` sends.
 */
export const deflatePiece = (text: Buffer, last: boolean) =>
  zlib.deflateRawSync(text, { level: GZIP_LEVEL.best, finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH });

/**
 * The CRC-32 of what `crc` was made of followed by `text`. An empty text is passed over: zlib's crc32 answers 0 for an
 * empty buffer without memory behind it (as `Buffer.alloc(0)` can be), whatever CRC it is given to go on from.
 */
const crc32On = (crc: number, text: Buffer) => (text.length ? zlib.crc32(text, crc) : crc);

/** The CRC-32 of texts one after the other, as gzip's trailer wants it. */
export const crc32Of = (texts: Buffer[]) => texts.reduce(crc32On, 0);

/**
 * CRC-32 arithmetic (gzip's polynomial, bit-reflected as zlib keeps it: the top bit is x⁰): the CRC of two texts one
 * after the other is the first's CRC times x^(8 × the second's length), plus the second's CRC, modulo the polynomial.
 * So a page's CRC is had from its fixed pieces' CRCs, made once, and a read of the rest only (`crc32After`).
 */
const CRC_POLYNOMIAL = 0xedb88320;

/** a × b modulo the CRC polynomial. */
function crcMultiply(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; bit !== 0 && (a & (bit * 2 - 1)) !== 0; bit >>>= 1) {
    if (a & bit) product ^= b;
    b = b & 1 ? (b >>> 1) ^ CRC_POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…63. */
const X_POWERS: number[] = [0x40000000];
for (let k = 1; k < 64; k++) X_POWERS.push(crcMultiply(X_POWERS[k - 1]!, X_POWERS[k - 1]!));

/** x^(8 × bytes) modulo the polynomial: what a CRC is multiplied by when `bytes` bytes follow its text. */
export function crcShift(bytes: number): number {
  let power = 0x80000000; // x⁰
  for (let k = 3, n = bytes; n > 0; k++, n = Math.floor(n / 2)) if (n % 2) power = crcMultiply(X_POWERS[k]!, power);
  return power;
}

/** The CRC-32 of a text followed by a text whose CRC and shift (`crcShift` of its length) are known. */
export const crc32After = (crc: number, next: { crc: number; shift: number }) => (crcMultiply(next.shift, crc) ^ next.crc) >>> 0;

/**
 * A text compressed once (`deflatePiece`) that the rest of a page goes around when it is sent (the style element's,
 * a frame's large pieces), with its CRC-32 and shift (`crc32After`): the page's CRC does not read it again.
 */
export interface FixedPiece { text: Buffer; piece: Buffer; crc: number; shift: number }
export const fixedPiece = (text: Buffer): FixedPiece => ({ text, piece: deflatePiece(text, false), crc: zlib.crc32(text), shift: crcShift(text.length) });

const deflateRaw = promisify(zlib.deflateRaw);
/** Where `fixed`'s text is found (its first bytes, then the whole of it). */
const FIND_BY = 64;

/**
 * `body` gzipped around `fixed`, undefined when the body does not hold its text: what comes before it and after it are
 * compressed now at the dynamic level (the part before on this thread: a page's head, a few KB; the rest on the
 * pool), and its own piece, made once, goes between them. A first visit's page carries the whole stylesheet (≈ 58 KB,
 * 45% of a listing page): brotli compressed it again for every rendered page, ≈ 2–4 ms of a core each, more than
 * the thread that renders spends on the page's React tree (decision 017).
 */
export async function gzipAround(body: Buffer, fixed: FixedPiece): Promise<Buffer | undefined> {
  const at = body.indexOf(fixed.text.subarray(0, FIND_BY));
  if (at < 0 || !body.subarray(at, at + fixed.text.length).equals(fixed.text)) return undefined;
  return gzipAroundPieces(body, [{ from: at, fixed }]);
}

/**
 * Bytes up to which `gzipAroundPieces` deflates a page's tail on this thread rather than on the pool. Handing a page to
 * zlib's thread pool cost more than the deflate itself: for a framed listing (a 50–70 KB tail) the process's CPU a page
 * was 7.2 → 6.0 ms on this thread (a crawler's 8.4 → 6.9, a search 8.3 → 7.1), and the serving thread's own time stayed
 * the same (4.4 ms: what the asynchronous call, its stream and its callbacks cost it was what the deflate costs), so
 * 11–13% more pages a second (docs/decisions/032-listing-frames.md). A larger tail goes to the pool, so that no page
 * holds up the others for long.
 */
export const DEFLATE_HERE_BYTES = 256 * 1024;

/**
 * Deflate at the dynamic level with zlib's largest hash (memLevel 9, 128 KB rather than 64 KB, for the moment of one
 * page): a framed listing's 68 KB part 137 → 118 µs, to the same bytes.
 */
const DYNAMIC_DEFLATE = { level: GZIP_LEVEL.dynamic, memLevel: 9 };

/**
 * The dynamic level's options for `bytes` bytes: a window and hash that hold them and no more. zlib clears its window
 * and hash tables when it starts (256 KB with the largest, for each call), and a framed page made three such starts —
 * the head's few hundred bytes before the stylesheet's piece, the query between the header's pieces, the tail —
 * 6% of a search page's instructions (docs/decisions/032); now only the tail's is that large. The window holds the
 * whole text (back-references reach its first byte), and the buffer of symbols that ends a block holds it too (one
 * block, as with the largest).
 */
export function dynamicDeflateFor(bytes: number): zlib.ZlibOptions {
  const bits = Math.ceil(Math.log2(bytes + 262)); // zlib keeps 262 bytes of look-ahead in its window
  return bits >= 15 ? DYNAMIC_DEFLATE : { level: GZIP_LEVEL.dynamic, windowBits: Math.max(9, bits), memLevel: Math.max(1, bits - 6) };
}

/**
 * `body` gzipped at the dynamic level on this thread, with a window and hash its size needs: no wait for the thread pool
 * (a kept page's first copy, an API answer, `sendKept`).
 */
export const gzipHere = (body: Buffer) => zlib.gzipSync(body, dynamicDeflateFor(body.length));

/**
 * `body` gzipped around spans of it compressed once (`fixedPiece`: the span at `from` is its text), given in order: the
 * bytes before, between and after them compressed now at the dynamic level, on this thread (the bytes after the last
 * on the pool when they are more than `DEFLATE_HERE_BYTES`); the body's CRC read from those bytes only.
 */
export async function gzipAroundPieces(body: Buffer, spans: { from: number; fixed: FixedPiece }[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  let crc = 0;
  let from = 0;
  for (const { from: at, fixed } of spans) {
    const gap = body.subarray(from, at);
    parts.push(zlib.deflateRawSync(gap, { ...dynamicDeflateFor(gap.length), finishFlush: zlib.constants.Z_SYNC_FLUSH }), fixed.piece);
    crc = crc32After(crc32On(crc, gap), fixed);
    from = at + fixed.text.length;
  }
  const tail = body.subarray(from);
  const options = dynamicDeflateFor(tail.length);
  parts.push(tail.length <= DEFLATE_HERE_BYTES ? zlib.deflateRawSync(tail, options) : await deflateRaw(tail, options));
  return gzipOfPieces(parts, crc32On(crc, tail), body.length);
}

/** A gzip member's header (RFC 1952): deflate, no flags, no time, extra flags 0, made on Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/**
 * A gzip body put together from deflate pieces (`deflatePiece`, the last one last) of a text whose CRC-32
 * (`zlib.crc32`) and length in bytes are given: no compression at the time of the request.
 */
export function gzipOfPieces(pieces: Buffer[], crc: number, size: number): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...pieces, trailer]);
}
