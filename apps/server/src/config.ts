import { z } from 'zod';
import { DEFAULT_DATA_DIR } from './paths.js';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v));

/** `s3://bucket` or `s3://bucket/some/prefix`: the prefix's segments are names, no dot segments, no empty ones. */
const STORAGE_URL = /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?$/;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  PUBLIC_URL: z.url().optional(),
  ADMIN_USERNAME: z.string().min(3).max(100).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(200).optional(),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis://').optional(),
  TRUST_PROXY: bool.default(false),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMS_PROVIDER: z.enum(['console', 'kavenegar']).default('console'),
  KAVENEGAR_API_KEY: z.string().optional(),
  KAVENEGAR_TEMPLATE: z.string().default('verify'),
  /** Also append each console SMS line to this file (end-to-end tests read login codes from it). */
  SMS_LOG_FILE: z.string().optional(),
  PAYMENT_PROVIDER: z.enum(['fake', 'zarinpal']).default('fake'),
  ZARINPAL_MERCHANT_ID: z.string().optional(),
  ZARINPAL_SANDBOX: bool.default(true),
  RATE_LIMIT: bool.default(true),
  /** The key Torob's product API tokens are checked with (PEM, EdDSA); unset: Torob's published key. */
  TOROB_PUBLIC_KEY: z.string().startsWith('-----BEGIN PUBLIC KEY-----').optional(),
  /** Memory the in-memory catalogue may take (decision 018); a larger catalogue is listed and searched in SQL. */
  CATALOG_MEMORY_MB: z.coerce.number().int().min(0).max(65536).default(160),
  /**
   * Disk the product pages' HTML built ahead may take (a scratch file beside the server, ≈ 11 KB a product, gzipped as
   * sent: web's pages-ahead.ts, decision 017); newest products first, the rest rendered when asked for. 0: none built ahead.
   */
  PAGES_AHEAD_MB: z.coerce.number().int().min(0).max(1_048_576).default(2048),
  /**
   * Listing and search pages put together on a second thread where the machine has a second core (render-thread.ts,
   * decision 032; a production build: the thread's bundle sits beside the server's). false: on the serving thread.
   */
  RENDER_THREAD: bool.default(true),
  /** Unset: uploads in DATA_DIR/uploads. `s3://bucket[/prefix]`: an S3-compatible store, shared by every copy. */
  STORAGE_URL: z.string().regex(STORAGE_URL, 'must be s3://bucket or s3://bucket/prefix (a bucket name of 3-63 lower-case letters, digits, dots and hyphens)').optional(),
  /** The S3 service's address (MinIO, Ceph, a cloud's endpoint); unset: AWS for S3_REGION. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted servers need; false: `bucket.endpoint`. */
  S3_FORCE_PATH_STYLE: bool.default(false),
});

export type Config = z.infer<typeof EnvSchema> & {
  /** true for an in-memory PGlite (tests): no DATA_DIR folder, no lock. */
  memoryDb?: boolean;
};

/** The only reader of process.env: parses once, fails fast with one line per bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(EnvSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = EnvSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  if (cfg.SMS_PROVIDER === 'kavenegar' && !cfg.KAVENEGAR_API_KEY) {
    throw new Error('Invalid configuration:\n  KAVENEGAR_API_KEY: required when SMS_PROVIDER=kavenegar');
  }
  if (cfg.PAYMENT_PROVIDER === 'zarinpal' && !cfg.ZARINPAL_MERCHANT_ID) {
    throw new Error('Invalid configuration:\n  ZARINPAL_MERCHANT_ID: required when PAYMENT_PROVIDER=zarinpal');
  }
  if (cfg.STORAGE_URL && (!cfg.S3_ACCESS_KEY_ID || !cfg.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when STORAGE_URL is set');
  }
  return cfg;
}

/** A config for tests: in-memory PGlite, no seed, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), memoryDb: true, ...overrides };
}
