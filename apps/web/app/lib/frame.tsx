import { preload } from 'react-dom';
import type { AppLoadContext } from 'react-router';

declare module 'react-router' {
  interface AppLoadContext {
    /**
     * Set by the server (web.ts) when it renders a page's *frame*: the document of a framed route (a listing, a search)
     * with holes where its own data goes, rendered once per cache generation and filled per request
     * (docs/decisions/032-listing-frames.md). A framed route's loader then answers `FRAME`, and its component and
     * `meta` write the holes.
     */
    frame?: true;
  }
}

/**
 * What marks each hole in a frame's markup: control characters React writes as they are, which no text of the shop's
 * own markup carries (the server refuses a frame whose holes are not each found once, and a query is put into the
 * frame only as escaped attribute text).
 */
export const HOLES = {
  /** The route's component: everything inside `<div id="main">`. */
  main: '\u0001',
  /** The route's `meta` tags: the frame has `<title>` + this + `</title>` where they go. */
  meta: '\u0002',
  /** The header search box's value (a frame for pages with `?search=`). */
  search: '\u0003',
  /**
   * The preloads of the page's first pictures: the frame's component asks React to preload a picture by this name,
   * and React writes that preload where it writes those of `<img fetchPriority="high">`.
   */
  preloads: '\u0004',
} as const;

/** What a framed route's loader answers when its frame is rendered. */
const FRAME = { frame: HOLES.main } as const;

/** Whether a framed route's data is its frame's (`FRAME`) rather than a page's. */
export const isFrame = (data: unknown): data is typeof FRAME =>
  typeof data === 'object' && data !== null && (data as { frame?: unknown }).frame === HOLES.main;

/** A framed route's loader: `FRAME` for a frame, else what `load` answers. */
export function framedLoader<A extends { context: AppLoadContext }, T>(load: (args: A) => Promise<T>) {
  return (args: A): Promise<T> => (args.context.frame ? Promise.resolve(FRAME as never) : load(args));
}

/** What a framed route's `meta` answers for its frame: the hole its page's tags go into. */
export const FRAME_META = [{ title: HOLES.meta }];

/** What a framed route's component renders for its frame: the holes its page's markup and preloads go into. */
export function FrameHole() {
  preload(HOLES.preloads, { as: 'image', fetchPriority: 'high' });
  return <>{HOLES.main}</>;
}
