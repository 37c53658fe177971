import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Stars } from './Stars';

describe('Stars', () => {
  it('writes a rating as ten stars, each a closed path as React writes it, the gold ones as wide as the rating', () => {
    const html = renderToStaticMarkup(<Stars value={3.5} />);
    const stars = [...html.matchAll(/<svg[^>]*>(.*?)<\/svg>/g)].map((m) => m[1]!);
    expect(stars).toHaveLength(10);
    for (const s of stars) expect(s).toMatch(/^<path d="[^"<>]+"><\/path>$/);
    expect(html).toContain('style="width:70%"');
    expect(html).toContain('aria-label="امتیاز ۳٫۵ از ۵"');
  });
});
