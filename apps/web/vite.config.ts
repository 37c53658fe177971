import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The shared package is TypeScript source: bundle it into the server build too.
  ssr: { noExternal: ['@sorkhab/shared'] },
  build: { assetsInlineLimit: 0 },
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
});
