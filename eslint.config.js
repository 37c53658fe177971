import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Each folder under apps/web/app/features is one feature; none may import another. What two features
// share lives in components/ (UI) or lib/ (logic), and a page composes features in its route module.
const FEATURES = 'apps/web/app/features';
const features = readdirSync(FEATURES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'apps/web/build/**', 'apps/server/build/**', 'apps/web/.react-router/**', 'apps/server/drizzle/**', 'data/**', 'test-results/**', 'playwright-report/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Kept visible: `npm run lint` allows no warnings, so a new `any` needs a typed replacement.
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // eslint-import-resolver-typescript 3.6 (pure JS: the 4.x line and eslint-plugin-import-x need native
      // resolver bindings this registry does not carry for every platform, which breaks `npm ci`). It maps the
      // server's `./x.js` imports to `./x.ts`.
      'import/resolver': { typescript: { project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'] } },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./${FEATURES}/${f}`,
              from: `./${FEATURES}`,
              except: [`./${f}`],
              message: 'One feature does not import another: move the shared piece to components/ or lib/, or compose both in the route.',
            })),
            {
              target: ['./apps/web/app/components', './apps/web/app/lib'],
              from: [`./${FEATURES}`, './apps/web/app/routes'],
              message: 'components/ and lib/ are shared by every feature and route, so they import neither.',
            },
            { target: `./${FEATURES}`, from: './apps/web/app/routes', message: 'Routes compose features, not the other way round.' },
          ],
        },
      ],
    },
  },
  {
    // No import cycles in the shipped code. Tests, e2e journeys and scripts only import it (nothing imports them), so
    // they cannot close a cycle of the product's modules; leaving them out takes the rule from ~90 s to a few.
    files: ['apps/server/src/**/*.ts', 'apps/web/app/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-helpers.ts'],
    plugins: { import: importPlugin },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The storefront's and the account's links: components/Link.tsx writes a plain one on the server without React
    // Router's hooks (decision 017). The admin is rendered in the browser and keeps React Router's <Link>.
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/routes/admin/**', 'apps/web/app/features/admin/**', 'apps/web/app/components/Link.tsx', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'react-router', importNames: ['Link', 'NavLink'], message: "Import Link and NavLink from components/Link: the server writes a plain link without React Router's hooks (decision 017)." }],
      }],
    },
  },
  {
    files: ['apps/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
