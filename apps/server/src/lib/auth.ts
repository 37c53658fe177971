import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { staffMay, type Access, type StaffRole } from '@sorkhab/shared';
import type { DbOrTx } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import { AppError, forbidden, unauthorized } from './errors.js';
import { randomToken, sha256 } from './password.js';

export type Role = 'admin' | 'customer';

export interface AuthUser {
  userId: number;
  role: Role;
  sessionId: number;
  /** A staff member's role, read with the session on every request (a change applies at once); null: none. */
  staffRole: StaffRole | null;
}

export const ADMIN_COOKIE = 'sorkhab_admin';
export const CUSTOMER_COOKIE = 'sorkhab_session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (the endpoint map's declaration); nothing declared is the owner's alone. */
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
    /** Resolves the caller's session (once) for routes that are public but personalise. */
    resolveAuth(role: Role): Promise<AuthUser | null>;
  }
}

export async function createSession(db: DbOrTx, userId: number, role: Role, days: number) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  await db.insert(sessions).values({ tokenHash: sha256(token), userId, role, expiresAt });
  return { token, expiresAt };
}

async function findSession(db: DbOrTx, token: string, role: Role): Promise<AuthUser | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id, userId: sessions.userId, role: sessions.role, isAdmin: users.isAdmin, isDisable: users.isDisable,
      staffRole: users.staffRole,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row || row.isDisable || row.role !== role) return null;
  if (role === 'admin' && !row.isAdmin) return null;
  return { userId: row.userId, role, sessionId: row.sessionId, staffRole: role === 'admin' ? row.staffRole ?? null : null };
}

function tokenOf(request: FastifyRequest, role: Role): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies?.[role === 'admin' ? ADMIN_COOKIE : CUSTOMER_COOKIE];
}

/**
 * The one spelling of an API path that is served: `/api/` in lower case, no empty, dot or encoded segments,
 * no `;`, no backslash. The rest may differ in case and end in one slash, as the spec's clients send
 * (`Product/ById/?id=`).
 */
const NON_CANONICAL = /\/\/|%|;|\\|\/\.{1,2}(?:\/|$)/;
function isCanonicalApiPath(url: string): boolean {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return path.startsWith('/api/') && !NON_CANONICAL.test(path);
}

/** Marks every route registered in this scope (plugins such as static files included) as public. */
export function declarePublic(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), access: 'public' } as typeof route.config;
  });
}

/**
 * Checks access in onRequest, before any body is read: an anonymous upload is never parsed.
 * Access is the matched route's own declaration, whatever spelling of the URL reached it, and a
 * route that declares nothing is the owner's alone. A staff member whose role lacks the route's
 * permission gets a 403; the role is read with the session, so a change applies to the next request.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: () => DbOrTx }) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('resolveAuth', async function (this: FastifyRequest, role: Role) {
    if (this.auth?.role === role) return this.auth;
    const token = tokenOf(this, role);
    if (!token) return null;
    const found = await findSession(opts.db(), token, role);
    if (found) this.auth = found;
    return found;
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const route = request.routeOptions;
    if (route.url?.startsWith('/api') && !isCanonicalApiPath(request.url)) {
      throw new AppError(404, 'NOT_FOUND', 'مسیر درخواستی وجود ندارد');
    }
    const access: Access = route.config.access ?? 'admin';
    if (access === 'public') return;
    const role: Role = access === 'customer' ? 'customer' : 'admin';
    const token = tokenOf(request, role);
    if (!token) throw unauthorized();
    const found = await request.resolveAuth(role);
    if (found) {
      if (access !== 'customer' && access !== 'staff' && !(found.staffRole && staffMay(found.staffRole, access))) {
        throw forbidden('نقش شما در فروشگاه اجازهٔ این کار را نمی‌دهد؛ از مدیر کل فروشگاه دسترسی بخواهید');
      }
      return;
    }
    if (role === 'admin') {
      // A valid session of a non-admin (a shopper, or a demoted user) is a 403, not a 401.
      const other = await findSession(opts.db(), token, 'customer');
      if (other) throw forbidden('این بخش فقط برای مدیران فروشگاه است');
    }
    throw unauthorized('نشست شما معتبر نیست یا به پایان رسیده است؛ دوباره وارد شوید');
  });
});
