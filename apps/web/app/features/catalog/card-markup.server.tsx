import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { reactEscaped, UPLOAD_PREFIX, uploadBase } from '@sorkhab/shared';
import { cardTexts, ProductCard, type CardProduct, type CardTexts } from './ProductCard';

/**
 * A listing's cards written from templates rather than rendered by React, on the server (docs/decisions/032): React
 * renders a card in 25–45 µs, a template is filled in 4.5–6 µs (the route's part of a listing 538 → 465 µs).
 *
 * A card's markup is a function of its *shape* (in stock or not; with a brand, a discount, a struck-through price, a
 * rating or not) and of its texts. Each shape's template is `ProductCard` itself rendered once by React with marks in
 * place of the texts, cut at the marks; a card is that template with its texts, escaped as React escapes them, put in
 * the marks' places. Before a template is used, it is filled for the card that asked for it and compared with React's
 * render of that card: a shape whose template writes anything else is rendered by React ever after. A card whose
 * picture does not follow the uploads' naming, or whose texts are empty, is rendered by React too.
 */

/** The texts a card's markup holds, in a template's marks. */
const SLOTS = ['id', 'title', 'stem', 'brand', 'now', 'old', 'percent', 'rating', 'reviews'] as const;
type Slot = (typeof SLOTS)[number];
type Texts = Record<Slot, string | null>;

/** Characters of Unicode's private use area: not in the component's own markup, and not escaped by React. */
const mark = (i: number) => `\uE000${i}\uE001`;
const MARKS = /\uE000(\d+)\uE001/g;

interface Template { pieces: string[]; slots: Slot[] }

/** What a card writes, or null when it is not one a template writes (React renders it). */
function textsOf(card: CardProduct): Texts | null {
  const base = uploadBase(card.imageUri);
  if (card.imageVariants || base === null) return null;
  const t = cardTexts(card);
  const texts: Texts = {
    id: String(card.id), title: card.title, stem: base.slice(UPLOAD_PREFIX.length), brand: card.brand?.title ?? null,
    now: t.now, old: t.old, percent: t.percent, rating: t.rating, reviews: t.reviews,
  };
  // An empty text is written as nothing, not as an empty mark: a shape of its own, left to React.
  for (const slot of SLOTS) if (texts[slot] === '') return null;
  return texts;
}

/** A card's shape: which of its parts it has. */
const shapeOf = (card: CardProduct, texts: Texts) =>
  (card.stock <= 0 ? 1 : 0) | (texts.brand !== null ? 2 : 0) | (texts.percent !== null ? 4 : 0) | (texts.old !== null ? 8 : 0) | (texts.rating !== null ? 16 : 0);

const render = (card: CardProduct, texts?: CardTexts) =>
  renderToString(<MemoryRouter><ProductCard product={card} texts={texts} /></MemoryRouter>);

/**
 * The template of `card`'s shape: `ProductCard` rendered with marks for texts, cut at them. A mark the render wrote
 * otherwise than given is left in a piece, and the template then fails the comparison `cardMarkup` makes before use.
 */
function templateOf(card: CardProduct, texts: Texts): Template {
  const marked = (slot: Slot) => (texts[slot] === null ? null : mark(SLOTS.indexOf(slot)));
  const model: CardProduct = {
    ...card,
    id: marked('id') as unknown as number, title: marked('title')!, imageUri: `${UPLOAD_PREFIX}${marked('stem')}.jpg`,
    brand: card.brand && { ...card.brand, title: marked('brand')! },
  };
  const html = render(model, { now: marked('now')!, old: marked('old'), percent: marked('percent'), rating: marked('rating'), reviews: marked('reviews') });
  const pieces: string[] = [];
  const slots: Slot[] = [];
  let from = 0;
  for (const m of html.matchAll(MARKS)) {
    pieces.push(html.slice(from, m.index));
    slots.push(SLOTS[Number(m[1])]!);
    from = m.index + m[0].length;
  }
  pieces.push(html.slice(from));
  return { pieces, slots };
}

function fill(template: Template, texts: Texts): string {
  let html = template.pieces[0]!;
  for (let i = 0; i < template.slots.length; i++) html += reactEscaped(texts[template.slots[i]!]!) + template.pieces[i + 1]!;
  return html;
}

/** Each shape's template, or null for a shape React renders (made on first use). */
const templates = new Map<number, Template | null>();

/** `card`'s markup as `<ProductCard product={card} />` renders it on the server, or undefined (React is to render it). */
export function cardMarkup(card: CardProduct): string | undefined {
  const texts = textsOf(card);
  if (!texts) return undefined;
  const shape = shapeOf(card, texts);
  let template = templates.get(shape);
  if (template === undefined) {
    template = templateOf(card, texts);
    if (fill(template, texts) !== render(card)) template = null;
    templates.set(shape, template);
  }
  return template ? fill(template, texts) : undefined;
}
