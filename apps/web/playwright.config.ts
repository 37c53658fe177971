import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end journeys against the production build (`npm run test:e2e` builds first) with the demo
 * catalogue in a throw-away data folder, driven in Debian's Chromium (never a downloaded browser).
 */
const PORT = Number(process.env.E2E_PORT ?? 4390);
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
const dataDir = path.join(os.tmpdir(), `sorkhab-e2e-${PORT}`);
/** The console SMS provider also writes here; the checkout journey reads its login code from it. */
export const E2E_SMS_LOG = path.join(dataDir, 'sms.log');

const ROOT = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: './e2e',
  // Refuses a server bundle or web build older than the sources: the journeys run them as they are.
  globalSetup: './e2e/build-current.ts',
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Per port, so two runs on different E2E_PORTs do not clear each other's artifacts.
  outputDir: path.join(os.tmpdir(), `sorkhab-e2e-results-${PORT}`),
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'fa-IR',
    trace: 'retain-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    // The server bundle as `npm run serve` runs it (`npm test` and `npm run test:e2e` build it first), so the journeys
    // exercise the bundled packages too (decision 003).
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && exec node apps/server/build/main.js`,
    cwd: ROOT,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      SMS_PROVIDER: 'console',
      SMS_LOG_FILE: E2E_SMS_LOG,
      PAYMENT_PROVIDER: 'fake',
    },
  },
});
