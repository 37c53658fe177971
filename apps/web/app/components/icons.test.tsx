import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as icons from './icons';

/** SVG shapes as React writes them: path, circle or rect elements, each closed, with plain attributes. */
const SHAPES = /^(?:<(path|circle|rect)(?: [a-z-]+="[^"<>&]*")+><\/\1>)+$/;
const shapesOf = (html: string) => [...html.matchAll(/<svg[^>]*>(.*?)<\/svg>/g)].map((m) => m[1]!);

describe('icons written as markup', () => {
  const entries = Object.entries(icons);

  it('hold only closed SVG shapes, as React would have written them', () => {
    expect(entries.length).toBeGreaterThan(15);
    for (const [name, Icon] of entries) {
      const html = renderToStaticMarkup(<Icon className="size-4" />);
      expect(html, name).toMatch(/^<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" class="size-4" aria-hidden="true">/);
      const [shapes] = shapesOf(html);
      expect(shapes, name).toMatch(SHAPES);
    }
  });

  it('are drawn apart from each other (no two icons the same)', () => {
    const drawn = entries.map(([, Icon]) => shapesOf(renderToStaticMarkup(<Icon />))[0]);
    expect(new Set(drawn).size).toBe(entries.length);
  });
});
