import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * The storefront's shared client code in two chunks instead of twenty: on a phone every request is a round trip, and a
 * page's first paint waited on the sixth-in-line script before its stylesheet. React and the router in one, the
 * shop's own components, stores and Persian formatting in the other. Admin-only code (Mantine, zod schemas) stays in
 * the admin's chunks: it is neither named here nor imported by these.
 */
function manualChunks(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)\//.test(id)) return 'react';
  if (/\/packages\/shared\/src\/(fa\/|constants\.ts|trust\.ts)/.test(id)) return 'shop';
  if (/\/apps\/web\/app\/(components|lib|features\/(account|cart|catalog|layout))\//.test(id)) return 'shop';
  return undefined;
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The shared package is TypeScript source: bundle it into the server build too.
  ssr: { noExternal: ['@sorkhab/shared'] },
  build: { assetsInlineLimit: 0 },
  environments: { client: { build: { rollupOptions: { output: { manualChunks } } } } },
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
});
