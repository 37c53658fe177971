import { defineConfig } from 'vitest/config';

// Tests that do not touch the test database run once, in the PGlite project; so does the deployment test, which makes
// its own database on TEST_DATABASE_URL's server.
const RUN_ONCE = ['apps/server/test/deployment.test.ts', 'apps/server/test/server-bundle.test.ts', 'apps/server/test/process.test.ts', 'apps/server/src/modules/catalog/search-match.test.ts', 'apps/server/src/modules/catalog/catalog-index.test.ts', 'apps/server/src/modules/catalog/page-store.test.ts', 'apps/server/src/modules/catalog/slot-arena.test.ts', 'apps/server/src/config.test.ts', 'apps/server/src/db/lock.test.ts', 'apps/server/src/db/pglite-thread.test.ts', 'apps/server/src/lib/limiter.test.ts', 'apps/server/src/lib/quiet.test.ts', 'apps/server/src/modules/media/storage.test.ts'];

// Files that replace a module with vi.mock: they run in a fresh module graph of their own.
const MOCKING = ['apps/server/src/modules/orders/order-races.test.ts'];

/**
 * The API suite. Its files share a worker's loaded modules (`isolate: false`): each file builds its own app on its own
 * database, and re-importing the server's module graph for every file was a fifth of the suite's time (and its code
 * never warmed up). The files that mock a module run isolated, in the same project's "-isolated" twin.
 */
const server = (name: string, env: Record<string, string>, exclude: string[] = []) => {
  const common = { globalSetup: ['apps/server/test/global-setup.ts'], env, testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks' as const };
  return [
    {
      test: {
        ...common, name, isolate: false,
        include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
        exclude: ['**/node_modules/**', ...exclude, ...MOCKING],
      },
    },
    { test: { ...common, name: `${name}-isolated`, include: MOCKING.filter((f) => !exclude.includes(f)) } },
  ];
};

export default defineConfig({
  test: {
    // Both cores: a file spends much of its time waiting on its database.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/app/**/*.test.{ts,tsx}'] } },
      ...server('api-pglite', { TEST_DB: 'pglite' }),
      // The same API suite on a real PostgreSQL server when TEST_DATABASE_URL is set (CI sets it).
      ...(process.env.TEST_DATABASE_URL ? server('api-postgres', { TEST_DB: 'postgres' }, RUN_ONCE) : []),
    ],
  },
});
