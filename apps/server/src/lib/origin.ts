import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from './errors.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** State-changing browser requests must come from the shop's own origin (CSRF defence beside SameSite). */
export const originPlugin = fp(async (app: FastifyInstance, opts: { publicUrl?: string }) => {
  const allowed = opts.publicUrl ? new URL(opts.publicUrl).host : undefined;
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin || origin === 'null') {
      if (origin === 'null') throw forbidden('درخواست از مبدأ ناشناخته پذیرفته نمی‌شود');
      return;
    }
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw forbidden('درخواست از مبدأ ناشناخته پذیرفته نمی‌شود');
    }
    if (host !== request.headers.host && host !== allowed) {
      throw forbidden('درخواست از مبدأ ناشناخته پذیرفته نمی‌شود');
    }
  });
});

/** The shop's origin for absolute links it sends (gateway callbacks, feeds): PUBLIC_URL, else the request's own. */
export const shopOrigin = (publicUrl: string | undefined, req: FastifyRequest) => publicUrl?.replace(/\/+$/, '') ?? `${req.protocol}://${req.host}`;
