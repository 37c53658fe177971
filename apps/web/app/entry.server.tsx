import type { ReactNode } from 'react';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToReadableStream } from 'react-dom/server.edge';
import { deferModuleScriptsInBytes } from './lib/defer-scripts';
import { ReusedParts } from './lib/parts';
import { StylesheetLinked } from './lib/stylesheet';
import { renderHoles as renderFrameHoles } from './lib/frame.server';
import { CardMarkup } from './features/catalog/ProductCard';
import { cardMarkup } from './features/catalog/card-markup.server';
import { OptionMarkup, PanelMarkup } from './features/catalog/FilterPanel';
import { optionMarkup } from './features/catalog/facet-markup.server';
import { ListingMarkup } from './features/catalog/ListingPage';
import { listingMarkup, pagerMarkup } from './features/catalog/listing-markup.server';
import { panelMarkup } from './features/catalog/panel-markup.server';
import { PagerMarkup } from './components/ui/Pager';

export const streamTimeout = 5_000;

declare module 'react-router' {
  interface AppLoadContext {
    /**
     * This render's CSP nonce (fresh per render, set by the server's web.ts): every inline script React Router and
     * React write carries it, and no other inline script runs (docs/decisions/009-script-csp.md).
     */
    nonce?: string;
    /**
     * Set by the server (web.ts), which rewrites and sends the page's bytes itself: the page is handed over as the
     * UTF-8 bytes React wrote, and the Response has no body (no copy of ≈ 100 KB into a stream and out again).
     */
    takeHtml?: (html: Buffer) => void;
    /** The visitor's browser keeps the stylesheet file: the page @imports it (lib/stylesheet.ts). */
    linkStylesheet?: boolean;
    /**
     * This render's reused parts (lib/parts.tsx), by name: the loaders put the markup of what every page repeats there
     * (a new map per request, set by the server), and the render writes it instead of rendering the part.
     */
    parts?: Map<string, string>;
    /**
     * Set by the server (web.ts) when it renders a page's frame (lib/frame.tsx): given what React Router hands the
     * page's hydration (its routes' data), which the frame's pages repeat with their own route's data put in.
     */
    takeState?: (state: { loaderData: Record<string, unknown>; actionData: unknown; errors: unknown }) => void;
  }
}

/**
 * A listing's cards, filters (and their options), order bar, chips and pager written from their templates
 * (card-markup.server.tsx, panel-markup.server.tsx, facet-markup.server.tsx, listing-markup.server.tsx).
 */
function Templates({ children }: { children: ReactNode }) {
  return (
    <CardMarkup value={cardMarkup}>
      <OptionMarkup value={optionMarkup}>
        <PanelMarkup value={panelMarkup}>
          <ListingMarkup value={listingMarkup}><PagerMarkup value={pagerMarkup}>{children}</PagerMarkup></ListingMarkup>
        </PanelMarkup>
      </OptionMarkup>
    </CardMarkup>
  );
}

/**
 * A framed page's holes (lib/frame.server.tsx), its cards and filter options written from their templates. The whole
 * document's render (below) has React render every one: frames.test.ts compares the pages the two make, byte for byte.
 */
export const renderHoles = (...[branch, url, loaderData, parts]: Parameters<typeof renderFrameHoles>) =>
  renderFrameHoles(branch, url, loaderData, parts, Templates);
export { HOLES } from './lib/frame';

/**
 * React Router's entry, with one change: the shop has no Suspense boundaries (a streamed boundary would move the page
 * after its first paint), so the whole document is rendered, then its module scripts are set to start after the first
 * frame (lib/defer-scripts.ts) and it is sent in one piece, which is also what the page cache keeps.
 *
 * It renders with React's edge build, not its Node one: the Node build runs every render inside an AsyncLocalStorage,
 * and the first render turned on Node 20's async hooks for the rest of the process, a hook on every promise and every
 * socket write of every request after it, API answers included (docs/decisions/037-no-async-hooks.md). The edge build
 * keeps its request in a variable (Node has no global AsyncLocalStorage), and writes the same bytes.
 */
export default async function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext?: AppLoadContext) {
  const nonce = loadContext?.nonce; // the server answers HEAD by rendering GET (web.ts), so every request renders
  const { loaderData, actionData, errors } = routerContext.staticHandlerContext;
  loadContext?.takeState?.({ loaderData, actionData, errors });

  // Aborting flushes what rendered; the page is still answered.
  const aborted = new AbortController();
  const timeout = setTimeout(() => aborted.abort(), streamTimeout + 1000);
  let shellRendered = false;
  try {
    const stream = await renderToReadableStream((
      <StylesheetLinked value={loadContext?.linkStylesheet === true}>
        <ReusedParts value={loadContext?.parts}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ReusedParts>
      </StylesheetLinked>
    ), {
      nonce,
      signal: aborted.signal,
      onError(error: unknown) {
        status = 500;
        // An error in the shell rejects above and React Router logs it; only log those after it.
        if (shellRendered) console.error(error);
      },
    });
    shellRendered = true;
    await stream.allReady;
    // React's chunks joined once (a view of the joined bytes, no second copy).
    const html = deferModuleScriptsInBytes(Buffer.from(await new Response(stream).arrayBuffer()));
    headers.set('Content-Type', 'text/html; charset=utf-8');
    if (!loadContext?.takeHtml) return new Response(html as Uint8Array<ArrayBuffer>, { status, headers });
    loadContext.takeHtml(html);
    return new Response(null, { status, headers });
  } finally {
    clearTimeout(timeout);
  }
}
