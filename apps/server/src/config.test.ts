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

  it('takes uploads to S3 only with a bucket URL and both keys', () => {
    expect(readConfig({}).STORAGE_URL).toBeUndefined();
    const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(readConfig({ STORAGE_URL: 's3://shop-media/prod/uploads', ...keys })).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    for (const bad of ['s3://', 's3://Upper', 'https://bucket', 's3://bucket/../x', 's3://bucket//x', '/var/uploads']) {
      expect(() => readConfig({ STORAGE_URL: bad, ...keys }), bad).toThrowError(/STORAGE_URL: must be s3:\/\/bucket/);
    }
    expect(() => readConfig({ STORAGE_URL: 's3://shop-media' })).toThrowError(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when STORAGE_URL is set/);
    expect(() => readConfig({ S3_ENDPOINT: 'not a url' })).toThrowError(/S3_ENDPOINT/);
  });
});
