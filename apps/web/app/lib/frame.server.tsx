import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, Outlet, StaticRouterProvider, type MetaDescriptor, type RouteObject, type StaticHandlerContext } from 'react-router';
import { HOLES } from './frame';
import { ReusedParts } from './parts';
import { listTemplateWriter } from './templates.server';

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

/**
 * A branch's routes as React Router's static router takes them, and their matches by path (React Router's
 * `matchRoutes` flattens, ranks and compiles the routes again on every call).
 */
interface BranchRoutes { dataRoutes: ReturnType<typeof createStaticHandler>['dataRoutes']; matches: Map<string, ReturnType<typeof matchRoutes>> }

/** Each branch's routes (by its leaf's module), made once. */
const routesOf = new WeakMap<object, BranchRoutes>();
/** Paths remembered a branch: a few spellings of one route's path (its own, a trailing slash, another case). */
const MATCHED_PATHS = 64;

function routesOfBranch(branch: FramedRoute[]): BranchRoutes {
  const leaf = branch[branch.length - 1]!;
  let made = routesOf.get(leaf.module);
  if (!made) {
    // The branch as React Router's own routes: the same ids and paths, each parent rendering only its outlet, the
    // leaf its component.
    let route: RouteObject | undefined;
    for (const r of [...branch].reverse()) {
      const Component = r === leaf ? (r.module.default as ComponentType) : Outlet;
      route = r.index
        ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive, Component }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, Component, children: route ? [route] : undefined };
    }
    made = { dataRoutes: createStaticHandler([route!]).dataRoutes, matches: new Map() };
    routesOf.set(leaf.module, made);
  }
  return made;
}

/** The context React Router's static handler makes for a GET whose loaders answered `loaderData` (its `query`). */
const handlerContext = (location: StaticHandlerContext['location'], matches: ReturnType<typeof matchRoutes>, loaderData: Record<string, unknown>): StaticHandlerContext => ({
  basename: '/', location, matches: matches as StaticHandlerContext['matches'], loaderData, actionData: null, errors: null,
  statusCode: 200, loaderHeaders: {}, actionHeaders: {},
});

/** The branch's matches of `pathname`, remembered. */
function matchesOf({ dataRoutes, matches: byPath }: BranchRoutes, pathname: string) {
  let matches = byPath.get(pathname);
  if (matches === undefined) {
    matches = matchRoutes(dataRoutes, { pathname });
    if (byPath.size >= MATCHED_PATHS) byPath.clear();
    byPath.set(pathname, matches);
  }
  return matches;
}

/** A `meta` descriptor written as React Router's `<Meta>` writes it (only the kinds the shop's routes use). */
export function metaElement(descriptor: MetaDescriptor): ReactNode {
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
 * A page's `meta` tags written from a template (lib/templates.server.ts): a listing's title, description, canonical
 * link and Open Graph tags, a dozen elements that React renders in a render of their own (a sixth of the route's part
 * of a listing). The shape is the descriptors' kinds and their attributes' names in order; the texts their values.
 */
const writeMeta = listTemplateWriter<MetaDescriptor[]>({
  textsOf(descriptors) {
    const texts: string[] = [];
    for (const descriptor of descriptors) {
      if (!descriptor) return null;
      for (const [name, value] of Object.entries(descriptor)) {
        if (name === 'tagName') continue;
        if (typeof value !== 'string') return null;
        texts.push(value);
      }
    }
    return texts;
  },
  shapeOf: (descriptors) => descriptors.map((d) => `${'tagName' in d ? String(d.tagName) : ''}:${Object.keys(d).join(',')}`).join('|'),
  render(descriptors, marks) {
    let i = 0;
    const marked = marks
      ? descriptors.map((d) => Object.fromEntries(Object.entries(d).map(([name, value]) => [name, name === 'tagName' ? value : marks[i++]])) as MetaDescriptor)
      : descriptors;
    return renderToString(<>{marked.map(metaElement)}</>);
  },
});

/** `descriptors` as React Router's `<Meta>` writes them: from their template, or rendered by React. */
export const metaMarkup = (descriptors: MetaDescriptor[]): string =>
  writeMeta(descriptors) ?? renderToString(<>{descriptors.map(metaElement)}</>);

/**
 * The markup of one page's holes: its `meta` tags as React Router's `<Meta>` writes them from the routes' `meta`, and
 * its route component rendered under React Router's static router with the page's data (the preloads React writes
 * for the component's pictures come first in that render, apart), with the parts its loader rendered once (`parts`,
 * lib/parts.tsx), inside `Around` (what the server entry provides for frames' pages only). Throws where the page is not
 * one a frame can hold; the server then renders the page whole.
 */
export async function renderHoles(
  branch: FramedRoute[], url: string, loaderData: Record<string, unknown>, parts?: ReadonlyMap<string, string>,
  Around: ComponentType<{ children: ReactNode }> = Fragment,
): Promise<Holes> {
  const routes = routesOfBranch(branch);
  const { pathname, search, hash } = new URL(url);
  const location = { pathname, search, hash, state: null, key: 'default' };
  const routeMatches = matchesOf(routes, pathname);
  if (routeMatches?.length !== branch.length) throw new Error('the page is not its branch\'s');
  const context = handlerContext(location, routeMatches, loaderData);
  // The routes' meta as <Meta> takes it: the last route that has `meta` gives the page's.
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
  const router = createStaticRouter(routes.dataRoutes, context);
  // React writes the preloads of the component's high-priority pictures before the render's markup: a mark between.
  // The parts the page's loader rendered once (lib/parts.tsx) are written as the whole document's render writes them.
  const html = renderToString(<ReusedParts value={parts}><Around>{HOLES.main}<StaticRouterProvider router={router} context={context} hydrate={false} /></Around></ReusedParts>);
  const mark = html.indexOf(HOLES.main);
  return {
    preloads: imgPreloadOrder(html.slice(0, mark)),
    meta: metaMarkup(meta.flat()),
    main: html.slice(mark + HOLES.main.length),
  };
}

/**
 * `node` rendered at `pathname` as the element of a route under React Router's static data router (no hydration
 * script): a part of a page that uses the router's hooks (a form, a submit), rendered alone.
 */
export function renderInDataRouter(node: ReactNode, pathname: string): string {
  const { dataRoutes } = createStaticHandler([{ id: 'part', path: '*', element: node }]);
  const location = { pathname, search: '', hash: '', state: null, key: 'default' };
  const context = handlerContext(location, matchRoutes(dataRoutes, location), {});
  return renderToString(<StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />);
}

/**
 * Preloads of pictures as an `<img>` makes React write them. React's `preload()` (a card written from its template asks
 * for its picture's, features/catalog/ProductCard.tsx) writes `fetchPriority` before the picture's sources, where the
 * `<img>`'s preload has it after them: put back in the `<img>`'s order, so that the page is the one React renders.
 */
export const imgPreloadOrder = (preloads: string) =>
  preloads.includes('as="image" fetchPriority=')
    ? preloads.replace(/<link rel="preload" as="image" fetchPriority="high"( imageSrcSet="[^"]*"(?: imageSizes="[^"]*")?)\/>/g, '<link rel="preload" as="image"$1 fetchPriority="high"/>')
    : preloads;
