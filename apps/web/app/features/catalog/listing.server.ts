import { data, type AppLoadContext } from 'react-router';
import type { Category } from '@sorkhab/shared';
import type { ApiClient, ApiData } from '../../lib/api';
import { apiOf, sharedCategories } from '../../lib/context';
import { categoryThumbVariants } from '../../components/CategoryThumb';
import { categoriesTitled, categoryTrail, findCategory } from './category-tree';
import { apiQueryOf, countQueryOf, isFiltered, parseListing, type Sort } from './listing';
import { toCard } from './ProductCard';

export type ListingKind = 'category' | 'search' | 'latest' | 'popular';

const DEFAULT_SORT: Record<ListingKind, Sort | undefined> = {
  category: 'newest', search: undefined, latest: 'newest', popular: 'bestselling',
};

/** The facets of a listing that holds nothing, whatever its filters. */
const NO_FACETS: Pick<ApiData<'GET /Product/Facets'>, 'brands' | 'categories' | 'priceCeiling'> = { brands: [], categories: [], priceCeiling: 0 };

/** The ids among `cats` whose listing (the category and its descendants) has at least one product. */
async function withProducts(api: ApiClient, cats: Category[]): Promise<Set<number>> {
  const pages = await Promise.all(cats.map((c) => api.load('GET /Product/All', { query: { categoryId: c.id, pageNumber: 1, pageSize: 1 } })));
  return new Set(cats.filter((_, i) => pages[i]!.totalCount > 0).map((c) => c.id));
}

/** Everything a listing page shows, loaded in parallel from the (cached) catalogue API. */
export async function loadListing(context: AppLoadContext, request: Request, kind: ListingKind) {
  const api = apiOf(context);
  const url = new URL(request.url);
  const state = parseListing(url.searchParams);
  const roots = await sharedCategories(context);

  let category: Category | undefined;
  if (state.categoryId || state.category) {
    const by = { id: state.categoryId, title: state.category };
    category = findCategory(roots, by);
    // A title alone that several categories share: the one with products wins (never an empty listing by chance).
    const rivals = category && category.id !== state.categoryId && state.category ? categoriesTitled(roots, state.category) : [];
    if (rivals.length > 1) category = findCategory(roots, by, await withProducts(api, rivals));
    if (!category && kind === 'category') throw data({ reason: 'category' }, { status: 404 });
  }
  const base = { categoryId: category?.id, defaultSort: DEFAULT_SORT[kind] };
  // Outside a category's own page the category is a filter among the others: its facet is listed, and it is no page of its own.
  const categoryIsFilter = kind !== 'category';
  const query = apiQueryOf(state, base);
  const products = await api.load('GET /Product/All', { query });
  // Words searched alone that find nothing (most mistyped searches): the facets, counted over the same matches without
  // the filters there are none of, are empty, and the ceiling is 0 — nothing more to ask. Otherwise the facets bring the
  // price slider's ceiling too: the dearest product's price in the category (among the words searched), whatever the
  // other filters (it was a third call, a listing sorted dearest first: on a search, every match ordered by price).
  const nothingAtAll = products.totalCount === 0 && !!state.search && !category && !isFiltered(state);
  const facets = nothingAtAll ? NO_FACETS
    : await api.load('GET /Product/Facets', { query: { ...countQueryOf(query), withCategories: categoryIsFilter || undefined } });
  const page = kind === 'category' && category;
  return {
    kind,
    state,
    products: { ...products, data: products.data.map(toCard) },
    brands: facets.brands,
    categories: categoryIsFilter ? facets.categories : [],
    chosenCategory: categoryIsFilter && category ? { id: category.id, title: category.title } : null,
    priceCeiling: facets.priceCeiling,
    category: page ? { id: page.id, title: page.title, parentId: page.parentId, children: page.children.map(({ id, title, parentId, imageUri, imageVariants }) => ({ id, title, parentId, imageUri, imageVariants: categoryThumbVariants(imageVariants) })) } : null,
    trail: page ? categoryTrail(roots, page.id).map(({ id, title, parentId }) => ({ id, title, parentId })) : [],
    path: url.pathname,
    search: url.search,
  };
}

export type ListingData = Awaited<ReturnType<typeof loadListing>>;
