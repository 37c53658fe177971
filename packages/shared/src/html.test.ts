import { describe, expect, it } from 'vitest';
import { reactEscaped } from './html.js';

describe('reactEscaped', () => {
  it('writes the five characters React escapes as React writes them, and leaves the rest as it is', () => {
    expect(reactEscaped(`<b class="x">'Rose' & Oud</b>`)).toBe('&lt;b class=&quot;x&quot;&gt;&#x27;Rose&#x27; &amp; Oud&lt;/b&gt;');
    const plain = 'کرم ۲۰۰ میلی‌لیتر \uD800 💄 \u2028';
    expect(reactEscaped(plain)).toBe(plain);
  });
});
