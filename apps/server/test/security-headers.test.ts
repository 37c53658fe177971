import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';

/** Helmet's headers, worked out once at start-up (lib/security-headers.ts), reach every kind of answer. */
let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t.close(); });

describe('security headers', () => {
  it('are on API answers, refusals, unknown paths, uploads and the API docs alike', async () => {
    const urls = ['/api/health', '/api/Product/ById?id=999999', '/api/Product/ById?id=x', '/api/User/GetAll', '/no/such/path', '/uploads/ab/missing.jpg'];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toContain('unsafe-inline\'; script'); // scripts never inline by policy
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'self'");
    }
  });

  it('leave the docs page its own policy (Swagger UI\'s), with the other headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('validator.swagger.io');
  });
});
