import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

describe('readConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const cfg = readConfig({});
    expect(cfg).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', ADMIN_USERNAME: 'admin', SEED_DEMO: true, SMS_PROVIDER: 'console', PAYMENT_PROVIDER: 'fake' });
    expect(cfg.DATABASE_URL).toBeUndefined();
  });

  it('parses numbers and booleans from text', () => {
    const cfg = readConfig({ PORT: '8080', SEED_DEMO: 'false', RATE_LIMIT: '0' });
    expect(cfg.PORT).toBe(8080);
    expect(cfg.SEED_DEMO).toBe(false);
    expect(cfg.RATE_LIMIT).toBe(false);
  });

  it('names every bad variable in one error', () => {
    expect(() => readConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'short', SEED_DEMO: 'maybe' }))
      .toThrowError(/PORT[\s\S]*DATABASE_URL: must start with postgres[\s\S]*ADMIN_PASSWORD: must be at least 8/);
  });

  it('requires the provider credentials a chosen provider needs', () => {
    expect(() => readConfig({ SMS_PROVIDER: 'kavenegar' })).toThrowError(/KAVENEGAR_API_KEY/);
    expect(() => readConfig({ PAYMENT_PROVIDER: 'zarinpal' })).toThrowError(/ZARINPAL_MERCHANT_ID/);
  });
});
