import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newNonce, nonceSource, nonceToHashes, withScriptSources } from './csp.js';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const POLICY = "default-src 'self';base-uri 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline'";

describe('CSP helpers', () => {
  it('makes a different 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 1000 }, newNonce));
    expect(nonces.size).toBe(1000);
    for (const n of nonces) expect(Buffer.from(n, 'base64')).toHaveLength(16);
  });

  it('adds sources to script-src only', () => {
    const csp = withScriptSources(POLICY, [nonceSource('abc'), "'sha256-x'"]);
    expect(csp).toBe("default-src 'self';base-uri 'self';script-src 'self' 'nonce-abc' 'sha256-x';script-src-attr 'none';style-src 'self' 'unsafe-inline'");
    expect(withScriptSources(POLICY, [])).toBe(POLICY);
    expect(() => withScriptSources("default-src 'self'", ['x'])).toThrow();
  });

  it("names by hash exactly the scripts written with this render's nonce, and drops the nonce", () => {
    const n = 'N0nce+/=';
    const context = 'window.__reactRouterContext = {"a":"\\u003cb"};';
    const module = 'await import("/assets/entry.js");';
    const html = `<html><head><link nonce="${n}" rel="preload" href="/f.woff2"/><script type="application/ld+json">{"@type":"Product"}</script></head><body>`
      + `<p>متن</p><script>alert("injected")</script><script nonce="guess">alert(2)</script>`
      + `<script nonce="${n}">${context}</script><script nonce="${n}" type="module" async="">${module}</script>`
      + `<script nonce="${n}">${context}</script></body></html>`;
    const hashed = nonceToHashes(Buffer.from(html), n);
    const out = { sources: hashed.sources, html: hashed.html.toString('utf8') };
    expect(out.sources).toEqual([sha(context), sha(module)]);
    expect(out.html).not.toContain(n);
    expect(out.html).toContain('<link rel="preload" href="/f.woff2"/>');
    expect(out.html).toContain(`<script>${context}</script><script type="module" async="">${module}</script>`);
    // What the render did not write keeps no name: it does not run under the page's policy.
    expect(out.sources).not.toContain(sha('alert("injected")'));
    expect(out.sources).not.toContain(sha('alert(2)'));
    expect(out.html).toContain('<script nonce="guess">alert(2)</script>');
  });

  it('reads a page as the regular expression it replaced did: other tags, unclosed scripts, scripts in scripts', () => {
    const byRegex = (html: string, nonce: string) => {
      const attribute = ` nonce="${nonce}"`;
      const sources = new Set<string>();
      const out = html.replace(/<script\b([^>]*)>([\s\S]*?)<\/script>/g, (whole, attrs: string, body: string) => {
        if (!attrs.includes(attribute)) return whole;
        sources.add(sha(body));
        return `<script${attrs.replace(attribute, '')}>${body}</script>`;
      });
      return { html: out.replaceAll(attribute, ''), sources: [...sources] };
    };
    const n = 'abc';
    for (const html of [
      `<scripts nonce="${n}">x</scripts><script-x nonce="${n}">y</script><script nonce="${n}">z</script>`,
      `<script nonce="${n}">a<script nonce="${n}">b</script>c</script><script nonce="${n}">`,
      `<script nonce="${n}"></script><script\tnonce="${n}" id="t">t</script><script nonce="${n}">last`,
      `<p>no script</p><script`, `<script nonce="${n}">🙂 «متن»</script><SCRIPT nonce="${n}">upper</SCRIPT>`,
    ]) {
      const out = nonceToHashes(Buffer.from(html), n);
      expect({ html: out.html.toString('utf8'), sources: out.sources }, html).toEqual(byRegex(html, n));
    }
  });

  it('leaves a page without scripts as it is', () => {
    const page = Buffer.from('<p>hi</p>');
    expect(nonceToHashes(page, 'n')).toEqual({ html: page, sources: [] });
  });
});
