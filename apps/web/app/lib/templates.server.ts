import { reactEscaped } from '@sorkhab/shared';

/**
 * Markup written from templates made of React's own render, on the server (docs/decisions/032): a listing's cards
 * (features/catalog/card-markup.server.tsx) and its filters' options (facet-markup.server.tsx). Where a component's
 * markup is a function of its *shape* (which of its parts it has) and of its texts, each shape's template is the
 * component rendered once by React with marks in place of the texts, cut at the marks; a use is that template with
 * its texts, escaped as React escapes text and attribute values, put in the marks' places. Before a shape's template
 * is used, it is filled for the use that asked for it and compared with React's render of that use: a shape whose
 * template writes anything else is left to React ever after.
 */

/** A text's mark: characters of Unicode's private use area, not in the components' own markup and not escaped by React. */
const markOf = (i: number) => `\uE000${i}\uE001`;
const MARKS = /\uE000(\d+)\uE001/g;

interface Template { pieces: string[]; slots: number[] }

export type Texts<S extends string> = Record<S, string | null>;

/** Markup put in a template as it is (its parts' markup, already escaped): a list of options, say. */
export interface Markup { html: string }

/** Shapes a writer keeps at most: a use of a shape past them is left to React (a crawler's odd URLs make no more). */
const MAX_SHAPES = 256;

/** What a template writer needs of a kind of markup whose texts are a list (its length set by the shape). */
export interface ListTemplateKind<U> {
  /** What a use writes, in the marks' order (a text, or markup), or null when it is not one a template writes (React renders it). */
  textsOf(use: U): (string | Markup | null)[] | null;
  /** A use's shape: which of its parts it has and how many (a null text is a part it has not). */
  shapeOf(use: U, texts: (string | Markup | null)[]): string | number;
  /** React's markup of a use; given `marks`, of the use with those in place of its texts. */
  render(use: U, marks?: (string | null)[]): string;
  /** What else a shape's first use must write as React does (beside its markup), checked before its template is kept. */
  alsoAsReact?(use: U): boolean;
}

/** What a template writer needs of a kind of markup whose texts have names. */
export interface TemplateKind<S extends string, U> {
  /** The texts' names, in the marks' order. */
  slots: readonly S[];
  /** What a use writes, or null when it is not one a template writes (React renders it; so is a use with an empty text). */
  textsOf(use: U): Texts<S> | null;
  /** A use's shape: which of its parts it has (a null text is a part it has not). */
  shapeOf(use: U, texts: Texts<S>): number;
  /** React's markup of a use; given `marks`, of the use with those in place of its texts. */
  render(use: U, marks?: Texts<S>): string;
  /** What else a shape's first use must write as React does (beside its markup), checked before its template is kept. */
  alsoAsReact?(use: U): boolean;
}

function cut(html: string): Template {
  const pieces: string[] = [];
  const slots: number[] = [];
  let from = 0;
  for (const m of html.matchAll(MARKS)) {
    pieces.push(html.slice(from, m.index));
    slots.push(Number(m[1]));
    from = m.index + m[0].length;
  }
  pieces.push(html.slice(from));
  return { pieces, slots };
}

function fill(template: Template, texts: (string | Markup | null)[]): string {
  let html = template.pieces[0]!;
  for (let i = 0; i < template.slots.length; i++) {
    const text = texts[template.slots[i]!]!;
    html += (typeof text === 'string' ? reactEscaped(text) : text.html) + template.pieces[i + 1]!;
  }
  return html;
}

/**
 * A writer of `kind`'s markup from its templates: a use's markup as React renders it, or undefined where React is to
 * render it. Each shape's template is made on its first use (a mark the render wrote otherwise than given is left in a
 * piece, and the template then fails the comparison).
 */
export function listTemplateWriter<U>(kind: ListTemplateKind<U>): (use: U) => string | undefined {
  const templates = new Map<string | number, Template | null>();
  return (use) => {
    const texts = kind.textsOf(use);
    if (!texts || texts.includes('')) return undefined; // an empty text is written as nothing, not as an empty mark
    const shape = kind.shapeOf(use, texts);
    let template = templates.get(shape);
    if (template === undefined) {
      if (templates.size >= MAX_SHAPES) return undefined;
      template = cut(kind.render(use, texts.map((text, i) => (text === null ? null : markOf(i)))));
      if (fill(template, texts) !== kind.render(use) || (kind.alsoAsReact && !kind.alsoAsReact(use))) template = null;
      templates.set(shape, template);
    }
    return template ? fill(template, texts) : undefined;
  };
}

/** `listTemplateWriter` for a kind whose texts have names (`kind.slots`, in the marks' order). */
export function templateWriter<S extends string, U>(kind: TemplateKind<S, U>): (use: U) => string | undefined {
  // The named texts of the use being written: `shapeOf` is asked right after `textsOf`, for the same use.
  let named: Texts<S>;
  return listTemplateWriter<U>({
    textsOf(use) {
      const texts = kind.textsOf(use);
      if (!texts) return null;
      named = texts;
      return kind.slots.map((slot) => texts[slot]);
    },
    shapeOf: (use) => kind.shapeOf(use, named),
    render: (use, marks) => kind.render(use, marks && (Object.fromEntries(kind.slots.map((slot, i) => [slot, marks[i]])) as Texts<S>)),
    alsoAsReact: kind.alsoAsReact && ((use) => kind.alsoAsReact!(use)),
  });
}
