/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The shop's font faces (Vazirmatn, as the web build names its files), set when the web build is mounted. */
let fontFaces = '';

/** Takes the @font-face rules of the web app's stylesheet, so the plain pages draw in the shop's font. */
export function usePlainPageFonts(stylesheet: string) {
  fontFaces = (stylesheet.match(/@font-face\{[^}]*\}/g) ?? []).filter((rule) => /vazirmatn/i.test(rule)).join('');
}

/**
 * A small self-contained Persian page (inline style only, no script) for what the server answers
 * outside the web app: the built-in test gateway, and a page request refused before rendering.
 * `body` is HTML the caller built from escaped parts.
 */
export function plainPage(title: string, body: string, extraCss = '') {
  return `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${fontFaces}
body{font-family:'Vazirmatn Variable',Vazirmatn,Tahoma,sans-serif;background:#f5f5f7;margin:0;display:grid;place-items:center;min-height:100vh;color:#222}
main{box-sizing:border-box;background:#fff;border-radius:16px;box-shadow:0 4px 24px #0001;padding:32px;width:min(420px,92vw)}
h1{font-size:1.25rem;margin:0 0 8px}a{color:#a3174d}${extraCss}
</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
