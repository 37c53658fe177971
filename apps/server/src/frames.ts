import type { ServerBuild } from 'react-router';
import { reactEscaped } from '@sorkhab/shared';
import { fixedPiece, gzipAroundPieces, type FixedPiece } from './lib/compression.js';
import { encodeTurboStream, scriptJson } from './lib/turbo-stream.js';

/**
 * Pages put together from a frame (docs/decisions/032-listing-frames.md). A listing or a search URL is one of millions,
 * so its page cannot be kept or built ahead like a product page; but all of it except its own route's part — the
 * document, head, header, footer, React Router's scripts and the other routes' data — is the same for every such URL
 * until a write. A route that says `handle.framed` (the web app's lib/frame.tsx) has that *frame* rendered once by
 * React Router, with holes, and each page fills the holes: its route's loader, its route's component rendered alone
 * (the web app's `renderHoles`), its `meta` tags, and the hydration data written in React Router's own format
 * (lib/turbo-stream.ts). The page is byte for byte what React Router renders for the URL (frames.test.ts compares
 * the two), without React Router's handler or the render of the rest of the document.
 */

type Hole = 'nonce' | 'preloads' | 'meta' | 'main' | 'search' | 'data';

/** A route's frame for one kind of visitor: its markup cut at the holes, and what React Router hydrates it with. */
export interface Frame {
  /** The markup between the holes (as UTF-8 bytes, written once), and the holes, in order. */
  pieces: (Buffer | { hole: Hole })[];
  status: number;
  headers: [string, string][];
  /** React Router's hydration state for the frame; a page's has its route's data in place of the frame's. */
  state: { loaderData: Record<string, unknown>; actionData: unknown; errors: unknown };
  /** A page of it could not be put together (logged once). */
  warned?: boolean;
  /** A page of it could not be put together on the render thread (logged once; render-thread.ts). */
  threadWarned?: boolean;
  /**
   * The large pieces before the route's markup (the head with the stylesheet inline, the header) compressed once, by
   * their place in `pieces` (`fixedPiece`, with their CRCs): a page's gzip is put together around them (`fillFrame`).
   */
  compressed: Map<number, FixedPiece>;
}

/** A piece of a frame this long or longer, before the route's markup, is compressed once with its frame. */
const COMPRESSED_FROM = 4096;

/** `pieces`' large pieces before the route's markup, compressed once. */
export function compressFrame(pieces: Frame['pieces']): Frame['compressed'] {
  const compressed = new Map<number, FixedPiece>();
  for (const [i, piece] of pieces.entries()) {
    if (!Buffer.isBuffer(piece)) {
      if (piece.hole === 'main') break;
    } else if (piece.length >= COMPRESSED_FROM) compressed.set(i, fixedPiece(piece));
  }
  return compressed;
}

/** The marks the web app's frames carry (its lib/frame.tsx `HOLES`). */
interface Marks { main: string; meta: string; search: string; preloads: string }

/** What the web app's server entry offers for frames (entry.server.tsx). */
interface FrameEntry {
  HOLES: Marks;
  renderHoles: (branch: Branch, url: string, loaderData: Record<string, unknown>, parts?: ReadonlyMap<string, string>) => Promise<{ preloads: string; meta: string; main: string }>;
}

type Branch = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; module: ServerBuild['routes'][string] extends infer R ? R extends { module: infer M } ? M : never : never }[];

/** The frame support of a web build: undefined when its server entry has none. */
export function frameEntryOf(build: ServerBuild): FrameEntry | undefined {
  const entry = build.entry.module as unknown as Partial<FrameEntry>;
  return entry.HOLES && typeof entry.renderHoles === 'function' ? entry as FrameEntry : undefined;
}

/** The routes from the root down to each framed route (by its id). */
export function framedBranches(build: ServerBuild): Map<string, Branch> {
  const branches = new Map<string, Branch>();
  for (const route of Object.values(build.routes)) {
    if (!route || (route.module.handle as { framed?: unknown } | undefined)?.framed !== true) continue;
    const branch: Branch = [];
    for (let r: typeof route | undefined = route; r; r = r.parentId ? build.routes[r.parentId] : undefined) {
      branch.unshift({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, module: r.module });
    }
    branches.set(route.id, branch);
  }
  return branches;
}

const MAIN_OPEN = '<div id="main"';

/**
 * A frame's markup, rendered by React Router under `nonce` (undefined: it cannot be a frame): each hole found where
 * it must be and once (the nonce anywhere), or no frame.
 */
export function cutFrame(html: string, nonce: string, marks: Marks, withSearch: boolean): Frame['pieces'] | undefined {
  const found: { at: number; end: number; hole: Hole }[] = [];
  const once = (text: string, hole: Hole, widen: (at: number) => [number, number] = (at) => [at, at + text.length]) => {
    const at = html.indexOf(text);
    if (at < 0 || html.indexOf(text, at + text.length) >= 0) return false;
    const [start, end] = widen(at);
    found.push({ at: start, end, hole });
    return true;
  };
  // The route's part, inside the layout's <div id="main">; the meta tags' place; the preload React wrote for the
  // frame (the whole <link>); the header search box's value.
  if (!once(marks.main, 'main') || html.lastIndexOf(MAIN_OPEN, found[0]!.at) < 0) return undefined;
  if (!once(`<title>${marks.meta}</title>`, 'meta')) return undefined;
  const preload = (at: number): [number, number] => [html.lastIndexOf('<link', at), html.indexOf('/>', at) + 2];
  if (!once(marks.preloads, 'preloads', preload)) return undefined;
  if (withSearch ? !once(marks.search, 'search') : html.includes(marks.search)) return undefined;
  // React Router's hydration data: the argument of its one enqueue() call.
  const call = 'streamController.enqueue(';
  const data = html.indexOf(call);
  if (data < 0 || html.indexOf(call, data + 1) >= 0) return undefined;
  const end = html.indexOf(');</script>', data);
  if (end < 0) return undefined;
  found.push({ at: data + call.length, end, hole: 'data' });
  for (let at = html.indexOf(nonce); at >= 0; at = html.indexOf(nonce, at + nonce.length)) found.push({ at, end: at + nonce.length, hole: 'nonce' });
  found.sort((a, b) => a.at - b.at);
  const pieces: Frame['pieces'] = [];
  let from = 0;
  for (const { at, end: to, hole } of found) {
    if (at < from) return undefined; // holes that overlap: not a frame
    pieces.push(Buffer.from(html.slice(from, at)), { hole });
    from = to;
  }
  pieces.push(Buffer.from(html.slice(from)));
  return pieces;
}

/**
 * A page of a frame: its size in bytes, its bytes (`html()`) and their gzip (`gzip()`), each made when asked for. A
 * page made on the render thread comes back as its gzip alone, and its bytes are that gzip's text when a request needs
 * them (a browser that takes no gzip, a page the cache keeps: render-thread.ts).
 */
export interface FramedPage { size: number; html: () => Buffer; gzip: () => Promise<Buffer> }

/**
 * A page's bytes: `frame` with its holes filled (only the holes' text is written as UTF-8 per page); and its gzip put
 * together from the frame's pieces compressed once and the rest compressed now at the dynamic level
 * (`gzipAroundPieces`: what comes between those pieces, a few hundred bytes each, and the route's markup with all after
 * it, ≈ 50–70 KB), its CRC-32 read from those bytes only (the pieces' CRCs are made with them). A first visit's page
 * (the stylesheet inline, 130 KB) is compressed a half, a returning shopper's two thirds (decision 032).
 */
export function fillFrame(frame: Frame, fill: { nonce: string; search: string; preloads: string; meta: string; main: string; data: string }): FramedPage {
  const texts: Record<Hole, string> = { nonce: fill.nonce, search: reactEscaped(fill.search), preloads: fill.preloads, meta: fill.meta, main: fill.main, data: scriptJson(`${fill.data}\n`) };
  // The holes' texts written as UTF-8 one after the other into a scratch buffer, each in one pass (`Buffer.from` reads
  // a text twice: once to measure it, once to write it), then the page copied together from it and the frame's pieces.
  let bound = 0;
  for (const piece of frame.pieces) if (!Buffer.isBuffer(piece)) bound += texts[piece.hole].length * 3;
  if (holeScratch.length < bound) holeScratch = Buffer.allocUnsafeSlow(Math.max(bound, holeScratch.length * 2));
  const ends: number[] = [];
  let written = 0;
  let size = 0;
  for (const piece of frame.pieces) {
    if (Buffer.isBuffer(piece)) size += piece.length;
    else {
      const start = written;
      written += utf8.encodeInto(texts[piece.hole], holeScratch.subarray(written)).written;
      ends.push(written);
      size += written - start;
    }
  }
  const html = Buffer.allocUnsafe(size);
  const fixed: { from: number; fixed: FixedPiece }[] = [];
  let at = 0;
  let hole = 0;
  for (const [i, piece] of frame.pieces.entries()) {
    if (Buffer.isBuffer(piece)) {
      const once = frame.compressed.get(i);
      if (once) fixed.push({ from: at, fixed: once });
      at += piece.copy(html, at);
    } else {
      at += holeScratch.copy(html, at, hole ? ends[hole - 1] : 0, ends[hole]);
      hole++;
    }
  }
  return { size: html.length, html: () => html, gzip: () => gzipAroundPieces(html, fixed) };
}

/** Where `fillFrame` writes a page's holes as UTF-8 (it grows to the largest page's). */
let holeScratch = Buffer.allocUnsafeSlow(64 * 1024);
const utf8 = new TextEncoder();

/** The hydration data of a page of `frame` whose route `routeId` loaded `data`: React Router's state, its stream's line. */
export function pageState(frame: Frame, routeId: string, data: unknown): { loaderData: Record<string, unknown>; line: string } {
  const loaderData = { ...frame.state.loaderData, [routeId]: data };
  return { loaderData, line: encodeTurboStream({ loaderData, actionData: frame.state.actionData, errors: frame.state.errors }) };
}
