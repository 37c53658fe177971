import { formatNumber, formatToman } from '@sorkhab/shared';
import { normaliseRange } from '../../components/ui/range';
import { sliderTexts, type SliderTexts } from '../../components/ui/RangeSlider';
import { renderInDataRouter } from '../../lib/frame.server';
import { listTemplateWriter, type Markup } from '../../lib/templates.server';
import { optionMarkup } from './facet-markup.server';
import { brandOptions, categoryOptions, chosenFilters, keptParams, LiveFilterPanel, priceFieldText, priceRules, type FacetOptionProps, type PanelMarks } from './FilterPanel';
import type { ListingData } from './listing.server';

/**
 * A listing's filters written from templates rather than rendered by React, on the server (lib/templates.server.ts,
 * docs/decisions/032): the markup inside the panel's `<aside>` — some forty elements and a dozen hooks a page, a fifth of
 * the route's part of a listing. A shape is the listing's path and kind, which of its parameters the form sends on,
 * which filters are chosen (in stock, discounted, a category, a price floor or ceiling) and how many, and whether it
 * lists categories and brands; the texts are those parameters' values, the result count, the price slider's texts and
 * the price fields, and the option lists' items written from their own templates (facet-markup.server.tsx) as markup.
 */

/** Chosen filters a shape counts at most (the badge's number is part of the shape). */
const MAX_ACTIVE = 9;

/** The texts in a template's order. */
const SLIDER = 9; // min, max, now ×2, text ×2, at ×2, end
const KEPT = 5; // search, sort, pageSize, category, brand (a category's page keeps the last two)

/**
 * A listing's price range on its first render: as chosen (the form's fields), and as the slider shows it (snapped to its
 * step within its rules).
 */
function priceRange(data: ListingData) {
  const rules = priceRules(data.priceCeiling);
  const applied: [number, number] = [data.state.minPrice ?? rules.min, data.state.maxPrice ?? rules.max];
  return { rules, applied, shown: normaliseRange(applied[0], applied[1], rules) };
}

/** The options' items as the panel's lists hold them, or undefined when one has no template. */
function itemsOf(options: FacetOptionProps[]): Markup | null | undefined {
  if (options.length === 0) return null;
  let html = '';
  for (const option of options) {
    const item = optionMarkup(option);
    if (item === undefined) return undefined;
    html += `<li>${item}</li>`;
  }
  return { html };
}

const writePanel = listTemplateWriter<ListingData>({
  textsOf(data) {
    if (chosenFilters(data) > MAX_ACTIVE) return null;
    const params = new URLSearchParams(data.search);
    const kept = keptParams(data.kind).map((name) => params.get(name));
    if (kept.includes('')) return null; // written by React as an empty text where a field would be
    const categories = data.kind === 'category' ? null : itemsOf(categoryOptions(data));
    const brands = itemsOf(brandOptions(data));
    if (categories === undefined || brands === undefined) return null;
    const { rules, applied, shown } = priceRange(data);
    const slider = sliderTexts(shown, rules, formatToman);
    return [
      ...kept, ...Array<null>(KEPT - kept.length).fill(null),
      formatNumber(data.products.totalCount),
      slider.min, slider.max, ...slider.now, ...slider.text, ...slider.at, slider.end,
      applied[0] > rules.min ? String(applied[0]) : null, applied[1] < rules.max ? String(applied[1]) : null,
      categories, brands,
      priceFieldText(data.state.minPrice), priceFieldText(data.state.maxPrice),
    ];
  },
  shapeOf: (data, texts) =>
    [data.path, data.kind, texts.map((t) => (t === null ? 0 : 1)).join(''), chosenFilters(data), +data.state.inStock, +data.state.hasOff, +!!data.chosenCategory].join('|'),
  render(data, marks) {
    const panel = marks ? <LiveFilterPanel data={marked(data, marks)} marks={panelMarks(marks)} /> : <LiveFilterPanel data={data} />;
    const html = renderInDataRouter(panel, data.path);
    // The markup inside the <aside>, whose attributes have no `>`.
    return html.startsWith('<aside ') && html.endsWith('</aside>') ? html.slice(html.indexOf('>') + 1, -'</aside>'.length) : `\uE002${html}`;
  },
});

/** `data` whose kept parameters are marks. */
function marked(data: ListingData, marks: (string | null)[]): ListingData {
  const kept = keptParams(data.kind).flatMap((name, i) => (marks[i] === null ? [] : [[name, marks[i]!]]));
  return { ...data, search: `?${new URLSearchParams(kept).toString()}` };
}

/** The marks in the panel's places. */
function panelMarks(marks: (string | null)[]): PanelMarks {
  const at = KEPT + 1;
  const m = (i: number) => marks[i] ?? null;
  const slider: SliderTexts = {
    min: m(at)!, max: m(at + 1)!, now: [m(at + 2)!, m(at + 3)!], text: [m(at + 4)!, m(at + 5)!], at: [m(at + 6)!, m(at + 7)!], end: m(at + 8)!,
  };
  return {
    total: m(KEPT)!, slider, minPrice: m(at + SLIDER), maxPrice: m(at + SLIDER + 1), categories: m(at + SLIDER + 2), brands: m(at + SLIDER + 3),
    minPriceText: m(at + SLIDER + 4), maxPriceText: m(at + SLIDER + 5),
  };
}

/** The markup inside `<FilterPanel data={data} />`'s `<aside>` as React renders it on the server, or undefined (`PanelMarkup`). */
export const panelMarkup = (data: ListingData): string | undefined => writePanel(data);
