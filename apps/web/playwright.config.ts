import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end journeys against the production build (`npm run test:e2e` builds first) with the demo
 * catalogue in a throw-away data folder, driven in Debian's Chromium (never a downloaded browser).
 *
 * One worker by default: the journeys keep this machine's two cores busy (Chromium and the server; 81% measured), and a
 * second worker made each journey half as slow again for 10% off the whole (6.0 against 6.7 min). On a bigger machine,
 * `E2E_WORKERS=n` runs n workers, each with a server of its own (its own port, data folder and SMS log), so a worker's
 * journeys never see another's orders, users or products. Playwright numbers a worker's slot in TEST_PARALLEL_INDEX
 * (0 … n - 1, set in the worker before it loads this file and the specs); the runner, which starts the servers, has none.
 */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 4390);
const WORKERS = Number(process.env.E2E_WORKERS ?? 1);
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

const serverOf = (slot: number) => {
  const port = FIRST_PORT + slot;
  const dataDir = path.join(os.tmpdir(), `sorkhab-e2e-${port}`);
  return { port, dataDir, url: `http://127.0.0.1:${port}`, smsLog: path.join(dataDir, 'sms.log') };
};
const SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/** This worker's server. */
const E2E_SERVER = serverOf(SLOT);
/** The console SMS provider also writes here; the checkout journey reads its login code from it. */
export const E2E_SMS_LOG = E2E_SERVER.smsLog;

const ROOT = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: './e2e',
  // Refuses a server bundle or web build older than the sources: the journeys run them as they are.
  globalSetup: './e2e/build-current.ts',
  // A file's journeys run in order, in one worker; files are shared out between the workers.
  workers: WORKERS,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Per port, so two runs on different E2E_PORTs do not clear each other's artifacts.
  outputDir: path.join(os.tmpdir(), `sorkhab-e2e-results-${FIRST_PORT}`),
  use: {
    baseURL: E2E_SERVER.url,
    locale: 'fa-IR',
    // A trace is recorded when a failed journey is run again (CI retries once): recording every journey's took 12% of
    // the run (a11y.spec: 3.2 against 2.8 min). Locally, `--trace retain-on-failure` keeps a failure's (README).
    trace: 'on-first-retry',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: Array.from({ length: WORKERS }, (_, slot) => serverOf(slot)).map(({ port, dataDir, url, smsLog }) => ({
    // The server bundle as `npm run serve` runs it (`npm test` and `npm run test:e2e` build it first), so the journeys
    // exercise the bundled packages too (decision 003).
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && exec node apps/server/build/main.js`,
    cwd: ROOT,
    url: `${url}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      SMS_PROVIDER: 'console',
      SMS_LOG_FILE: smsLog,
      PAYMENT_PROVIDER: 'fake',
    },
  })),
});
