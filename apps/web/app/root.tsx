import { use } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from 'react-router';
import './lib/context';
import { useHydrated } from './components/ui/use-hydrated';
import { StylesheetLinked } from './lib/stylesheet';
import appCss from './app.css?inline';
import appCssUrl from './app.css?url';
import vazirmatnArabic from '@fontsource-variable/vazirmatn/files/vazirmatn-arabic-wght-normal.woff2?url';
import vazirmatnLatin from '@fontsource-variable/vazirmatn/files/vazirmatn-latin-wght-normal.woff2?url';

const STYLE_ID = 'sorkhab-css';

/**
 * The document shell is the same for every visitor; a page is cached only if its own routes say so too
 * (docs/decisions/010-html-page-cache.md). `stylesheet` tells the server where the shop's stylesheet file is (a
 * returning visitor whose browser keeps it gets pages that @import it instead of its text: lib/stylesheet.ts), and,
 * in the server's bundle only, the style element's text either way: a product page built ahead is kept in the
 * @import form and given its text for a first visit (the server's pages-ahead.ts).
 */
export const handle = {
  sharedPage: true,
  stylesheet: { href: appCssUrl, ...(import.meta.env.SSR ? { linked: inlineCss(true), inline: inlineCss(false) } : {}) },
};

// Every page needs both files: the Persian letters are in the Arabic subset, but the space between words, the
// punctuation and Latin names are in the Latin one. Fetch them with the HTML, not after the first layout.
export const links = () => [
  { rel: 'preload', href: vazirmatnArabic, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: vazirmatnLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

/**
 * The shop's stylesheet (≈ 46 KB, 9 KB compressed) goes inside a first visit's pages: a phone paints the page as
 * soon as its HTML arrives instead of after one more round trip (docs/decisions/008-first-paint.md). The same
 * stylesheet as a file is loaded at the end of the page without blocking it (media="print": the rules match the
 * inline ones) and its answer sets a cookie; pages for a visitor with that cookie carry only an @import of the
 * cached file (the server's web.ts says so, lib/stylesheet.ts). Only the server bundle holds the text; in the browser
 * the element keeps what the server wrote, whichever it was.
 */
function inlineCss(linked: boolean): string {
  if (import.meta.env.SSR) return linked ? `@import url("${appCssUrl}");` : appCss;
  return document.getElementById(STYLE_ID)?.textContent ?? '';
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Marks the document once React has hydrated it: app.css keeps script-only buttons inert until then.
  const hydrated = useHydrated();
  const linked = use(StylesheetLinked);
  return (
    <html lang="fa" dir="rtl" data-hydrated={hydrated ? '' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c2255c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: inlineCss(linked) }} />
        <Links />
      </head>
      <body>
        {children}
        <link rel="stylesheet" href={appCssUrl} media="print" />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? 'صفحه پیدا نشد' : 'خطایی رخ داد';
  const text = status === 404
    ? 'صفحه‌ای که دنبال آن بودید وجود ندارد یا جابه‌جا شده است.'
    : 'مشکلی پیش آمد؛ لطفاً صفحه را دوباره بارگذاری کنید.';
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <title>{`${title} | سرخاب`}</title>
      <p className="text-6xl font-black text-brand-600">{status === 404 ? '۴۰۴' : '۵۰۰'}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-gray-600">{text}</p>
      <a href="/" className="rounded-lg bg-brand-600 px-5 py-2 font-medium text-white hover:bg-brand-700">بازگشت به صفحه اصلی</a>
    </main>
  );
}
