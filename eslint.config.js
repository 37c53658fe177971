import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Each folder under apps/web/app/features is one feature; none may import another. What two features
// share lives in components/ (UI) or lib/ (logic), and a page composes features in its route module.
const FEATURES = 'apps/web/app/features';
const features = readdirSync(FEATURES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'apps/web/build/**', 'apps/web/.react-router/**', 'apps/server/drizzle/**', 'data/**', 'test-results/**', 'playwright-report/**', '.bench/**'] },
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
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Relative imports only (the server writes `./x.js` for `./x.ts`); packages resolve through node_modules.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
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
    files: ['apps/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
