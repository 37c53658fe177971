import { Readable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { createSession } from '../src/lib/auth.js';
import type { TestApp } from './helpers.js';
import { bearer } from './helpers.js';
import { multipart } from './multipart.js';

let seq = 0;

/** A shopper (non-admin user row) with a customer session. */
export async function customerToken(t: TestApp): Promise<string> {
  const mobile = `98912${String(process.pid % 100).padStart(2, '0')}${String(++seq).padStart(5, '0')}`;
  const [user] = await t.db.insert(users).values({ mobile, firstname: 'مشتری' }).returning({ id: users.id });
  return (await createSession(t.db, user!.id, 'customer', 1)).token;
}

/** The error of a failed envelope, after checking the envelope's shape. */
export function errorOf(res: LightMyRequestResponse) {
  const body = res.json();
  expect(body).toMatchObject({ success: false, data: null });
  expect(typeof body.error.message).toBe('string');
  return body.error as { code: string; message: string; fields?: Record<string, string> };
}

/**
 * The data of a successful envelope, after checking the status and the envelope's shape.
 * Without `T` the data is `any`, so a test can read any field of the answer it asserts on.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test-only default; pass T where the type matters
export function dataOf<T = any>(res: LightMyRequestResponse, status = 200): T {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  const body = res.json();
  expect(body.success).toBe(true);
  expect(body.error).toBeNull();
  return body.data as T;
}

/** Expects a 400 with the given Persian per-field messages. */
export function expectFieldErrors(res: LightMyRequestResponse, fields: Record<string, string>) {
  if (res.statusCode !== 400) throw new Error(`expected 400, got ${res.statusCode}: ${res.body}`);
  const error = errorOf(res);
  expect(error.code).toBe('VALIDATION_ERROR');
  expect(error.fields).toMatchObject(fields);
  return error;
}

export const UNAUTHORIZED_MESSAGE = 'برای این کار باید وارد حساب کاربری شوید';
const BAD_SESSION_MESSAGE = 'نشست شما معتبر نیست یا به پایان رسیده است؛ دوباره وارد شوید';
const ADMINS_ONLY_MESSAGE = 'این بخش فقط برای مدیران فروشگاه است';

/** An admin-only route: 401 without a token or with a bad one, 403 for a shopper's session. */
export async function expectAdminOnly(t: TestApp, request: InjectOptions, customer: string) {
  const send = (headers: Record<string, string>) =>
    t.app.inject({ ...request, headers: { ...(request.headers as Record<string, string>), ...headers } });

  const anonymous = await send({});
  expect(anonymous.statusCode, `${request.method} ${request.url} without a token`).toBe(401);
  expect(errorOf(anonymous)).toEqual({ code: 'UNAUTHORIZED', message: UNAUTHORIZED_MESSAGE });

  const bad = await send(bearer('not-a-real-token'));
  expect(bad.statusCode, `${request.method} ${request.url} with a bad token`).toBe(401);
  expect(errorOf(bad)).toEqual({ code: 'UNAUTHORIZED', message: BAD_SESSION_MESSAGE });

  const shopper = await send(bearer(customer));
  expect(shopper.statusCode, `${request.method} ${request.url} as a shopper`).toBe(403);
  expect(errorOf(shopper)).toEqual({ code: 'FORBIDDEN', message: ADMINS_ONLY_MESSAGE });
}

/**
 * A multipart upload whose body never ends and records whether anyone read it: an anonymous
 * request must be refused before the server touches the body.
 */
export function endlessUpload() {
  const boundary = '----sorkhabEndless';
  let reads = 0;
  const stream = new Readable({
    read() {
      reads++;
      // Pushed later, so a server that does read the body is not stuck in a synchronous loop.
      setTimeout(() => this.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="ImageFile"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`)), 5);
    },
  });
  return {
    payload: stream,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    get reads() { return reads; },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type FormFile = { field: string; filename: string; data: Buffer; type?: string };

/** Sends a multipart form as the admin. */
export async function adminForm(t: TestApp, method: Method, url: string, fields: Record<string, string | number | boolean | undefined>, files: FormFile[] = []) {
  const body = multipart(fields, files);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...bearer(await t.adminToken()) } });
}

/** Sends a JSON body (or none) as the admin. */
export async function asAdmin(t: TestApp, method: Method, url: string, payload?: unknown) {
  return t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: bearer(await t.adminToken()) });
}
