import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DYNAMIC_BROTLI_WINDOW } from '../src/lib/compression.js';
import { brotliWindowBits, buildTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t.close(); });

describe('response compression', () => {
  it('answers brotli to a client that accepts it, and the bytes decode to the same JSON', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const br = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    // A window of 256 KB, not brotli's default 4 MB (lib/compression.ts says why).
    expect(plain.rawPayload.length).toBeGreaterThan(1 << DYNAMIC_BROTLI_WINDOW);
    expect(brotliWindowBits(br.rawPayload)).toBe(DYNAMIC_BROTLI_WINDOW);
  });

  it('falls back to gzip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
  });
});
