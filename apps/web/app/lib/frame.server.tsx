import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider, type MetaDescriptor, type RouteObject } from 'react-router';
import { HOLES } from './frame';

/** One route of a page's branch, from the root down, as the server's build describes it. */
export interface FramedRoute {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { default?: unknown; meta?: unknown; handle?: unknown };
}

/** What fills a frame's holes for one page (docs/decisions/032-listing-frames.md). */
export interface Holes {
  /** React's preloads of the page's first pictures (`<img fetchPriority="high">`), which go into the head. */
  preloads: string;
  /** The route's `meta` tags, in place of the frame's `<title>` hole. */
  meta: string;
  /** The route's component, inside `<div id="main">`. */
  main: string;
}

/** The static handlers of each branch (by its leaf's module), made once: routes whose loaders answer the page's data. */
const handlers = new WeakMap<object, { handler: ReturnType<typeof createStaticHandler>; data: { current: Record<string, unknown> } }>();

function handlerOf(branch: FramedRoute[]) {
  const leaf = branch[branch.length - 1]!;
  let made = handlers.get(leaf.module);
  if (!made) {
    const data = { current: {} as Record<string, unknown> };
    // The branch as React Router's own routes: the same ids and paths, each parent rendering only its outlet, the
    // leaf its component; each loader answers what the page loaded.
    let route: RouteObject | undefined;
    for (const r of [...branch].reverse()) {
      const loader = () => data.current[r.id] ?? null;
      const Component = r === leaf ? (r.module.default as ComponentType) : Outlet;
      route = r.index
        ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive, loader, Component }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, loader, Component, children: route ? [route] : undefined };
    }
    made = { handler: createStaticHandler([route!]), data };
    handlers.set(leaf.module, made);
  }
  return made;
}

/** A `meta` descriptor written as React Router's `<Meta>` writes it (only the kinds the shop's routes use). */
function metaElement(descriptor: MetaDescriptor): ReactNode {
  if (!descriptor) return null;
  if ('tagName' in descriptor) {
    const { tagName, ...rest } = descriptor as { tagName: string } & Record<string, unknown>;
    if (tagName !== 'link' && tagName !== 'meta') throw new Error(`a meta tag the frame does not write: ${tagName}`);
    return createElement(tagName, { key: JSON.stringify(rest), ...rest });
  }
  if ('title' in descriptor) return createElement('title', { key: 'title' }, String(descriptor.title));
  if ('charset' in descriptor || 'charSet' in descriptor || 'script:ld+json' in descriptor) {
    throw new Error('a meta descriptor the frame does not write');
  }
  return createElement('meta', { key: JSON.stringify(descriptor), ...descriptor });
}

/**
 * The markup of one page's holes: its `meta` tags as React Router's `<Meta>` writes them from the routes' `meta`, and
 * its route component rendered under React Router's static router with the page's data (the preloads React writes
 * for the component's pictures come first in that render, apart). Throws where the page is not one a frame can hold;
 * the server then renders the page whole.
 */
export async function renderHoles(branch: FramedRoute[], url: string, loaderData: Record<string, unknown>): Promise<Holes> {
  const { handler, data } = handlerOf(branch);
  data.current = loaderData;
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error('the page answered a redirect');
  if (context.errors) throw new Error('the page answered an error');
  // The routes' meta as <Meta> takes it: the last route that has `meta` gives the page's.
  const location = context.location;
  const matches: { id: string; data: unknown; loaderData: unknown; meta: MetaDescriptor[]; params: Record<string, string | undefined>; pathname: string; handle: unknown; error: null }[] = [];
  let meta: MetaDescriptor[] = [];
  for (const [i, match] of context.matches.entries()) {
    const route = branch[i]!;
    const routeData = loaderData[route.id];
    const entry = { id: route.id, data: routeData, loaderData: routeData, meta: [] as MetaDescriptor[], params: match.params, pathname: match.pathname, handle: route.module.handle, error: null };
    matches.push(entry);
    if (typeof route.module.meta === 'function') {
      meta = (route.module.meta as (args: unknown) => MetaDescriptor[])({ data: routeData, loaderData: routeData, params: match.params, location, matches, error: null }) ?? [];
    } else if (route.module.meta !== undefined) throw new Error('a route meta that is not a function');
    entry.meta = meta;
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  // React writes the preloads of the component's high-priority pictures before the render's markup: a mark between.
  const html = renderToString(<>{HOLES.main}<StaticRouterProvider router={router} context={context} hydrate={false} /></>);
  const mark = html.indexOf(HOLES.main);
  return {
    preloads: html.slice(0, mark),
    meta: renderToString(<>{meta.flat().map(metaElement)}</>),
    main: html.slice(mark + HOLES.main.length),
  };
}
