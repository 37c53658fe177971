import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, routeOf, staffMay, type EndpointKey, type StaffAccess, type StaffRole } from '@sorkhab/shared';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/helpers.js';
import { asAdmin, dataOf, errorOf, expectFieldErrors } from '../../../test/api.js';
import { createCategory, createProduct } from '../../../test/factories.js';
import { quickCustomer } from '../cart/commerce.test-helpers.js';

const NO_PERMISSION = 'نقش شما در فروشگاه اجازهٔ این کار را نمی‌دهد؛ از مدیر کل فروشگاه دسترسی بخواهید';
const LAST_OWNER = 'این آخرین مدیر کل فعال فروشگاه است؛ ابتدا نقش مدیر کل را به کاربر دیگری بدهید';

let t: TestApp;
let ownerId: number;
const staff = {} as Record<'operator' | 'editor', { id: number; token: string }>;
let seq = 0;

async function makeStaff(role: StaffRole | undefined) {
  const username = `staff${++seq}`;
  const user = dataOf(await asAdmin(t, 'POST', '/api/User', { username, password: 'staff-pass-1', isAdmin: true, role }));
  return { id: user.id as number, token: await login(t.app, username, 'staff-pass-1'), user };
}
const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const expectNoPermission = (res: Awaited<ReturnType<typeof as>>, what: string) => {
  expect(res.statusCode, what).toBe(403);
  expect(errorOf(res), what).toEqual({ code: 'FORBIDDEN', message: NO_PERMISSION });
};

beforeAll(async () => {
  t = await buildTestApp();
  ownerId = dataOf(await asAdmin(t, 'GET', '/api/User/Me')).id;
  staff.operator = await makeStaff('operator');
  staff.editor = await makeStaff('editor');
});
afterAll(async () => { await t?.close(); });

describe('every staff endpoint of the map', () => {
  const guarded = (Object.entries(endpoints) as [EndpointKey, { access: string }][])
    .filter(([, d]) => d.access !== 'public' && d.access !== 'customer') as [EndpointKey, { access: StaffAccess }][];

  it('declares a permission the owner holds, and plain `admin` is the owner\'s alone', () => {
    expect(guarded.length).toBeGreaterThan(40);
    for (const [key, d] of guarded) expect(staffMay('owner', d.access), key).toBe(true);
    expect(staffMay('operator', 'admin')).toBe(false);
    expect(staffMay('editor', 'admin')).toBe(false);
  });

  it('answers 403 with a Persian message to a role without its permission, and lets a role with it through', async () => {
    let refused = 0;
    // `staff` endpoints (one's own session, logout) are every staff member's: not part of this table.
    for (const [key, d] of guarded.filter(([, g]) => g.access !== 'staff')) {
      const { method, path } = routeOf(key);
      const url = `/api${path.replace(/:\w+/g, '1')}`;
      for (const role of ['operator', 'editor'] as const) {
        const res = await as(staff[role].token, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
        if (staffMay(role, d.access)) {
          expect([401, 403], `${role} ${key}`).not.toContain(res.statusCode);
        } else {
          expectNoPermission(res, `${role} ${key}`);
          refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(40);
  });
});

describe('an order operator', () => {
  it('lists and changes orders and sees customers, but not the staff', async () => {
    const { token, id } = staff.operator;
    expect(dataOf(await as(token, 'GET', '/api/Order/Admin')).totalCount).toBeGreaterThanOrEqual(0);
    const shopper = await quickCustomer(t);
    const users = dataOf(await as(token, 'GET', '/api/User?pageSize=100')).data as { id: number; isAdmin: boolean }[];
    expect(users.map((u) => u.id)).toContain(shopper.userId);
    expect(users.some((u) => u.isAdmin)).toBe(false);
    expect(dataOf(await as(token, 'GET', `/api/User/ById?id=${shopper.userId}`)).id).toBe(shopper.userId);
    expect((await as(token, 'GET', `/api/User/ById?id=${id}`)).statusCode).toBe(404);
    // An order that does not exist is a 404 from the handler: the permission check let the change through.
    expect((await as(token, 'PUT', '/api/Order/SetStatus', { id: 999999, status: 'cancelled' })).statusCode).toBe(404);
  });

  it('cannot create, edit or delete products, categories, settings or staff (403)', async () => {
    const { token } = staff.operator;
    const p = await createProduct(t);
    expectNoPermission(await as(token, 'PUT', `/api/Product/ProductOff?id=${p.id}&offPersent=10`), 'ProductOff');
    expectNoPermission(await as(token, 'PUT', '/api/Product/SetDraft', { id: p.id, isDraft: true }), 'SetDraft');
    expectNoPermission(await as(token, 'DELETE', `/api/Product/Delete?id=${p.id}`), 'Product/Delete');
    expectNoPermission(await as(token, 'PUT', '/api/Settings', { storeName: 'x' }), 'Settings');
    expectNoPermission(await as(token, 'POST', '/api/User', { username: 'sneaky', password: 'sneaky-pass-1', isAdmin: true }), 'User');
    expectNoPermission(await as(token, 'GET', '/api/Audit'), 'Audit');
    expect(dataOf(await asAdmin(t, 'GET', `/api/Product/AdminById?id=${p.id}`)).offPersent).toBe(0);
  });
});

describe('a catalogue editor', () => {
  it('edits products and categories', async () => {
    const { token } = staff.editor;
    const p = await createProduct(t);
    expect(dataOf(await as(token, 'PUT', `/api/Product/ProductOff?id=${p.id}&offPersent=15`)).offPersent).toBe(15);
    expect(dataOf(await as(token, 'POST', '/api/Product/Duplicate', { id: p.id })).id).not.toBe(p.id);
    const c = await createCategory(t);
    expect(dataOf(await as(token, 'DELETE', `/api/Category/DeleteCategory?id=${c.id}`))).toBeDefined();
    expect(dataOf(await as(token, 'POST', '/api/Brand/Create', { title: 'برند ویرایشگر' })).title).toBe('برند ویرایشگر');
  });

  it('cannot see customers or orders (403)', async () => {
    const { token } = staff.editor;
    const shopper = await quickCustomer(t);
    for (const url of ['/api/User', `/api/User/ById?id=${shopper.userId}`, '/api/Order/Admin', '/api/Order/AdminById?id=1', '/api/Dashboard']) {
      expectNoPermission(await as(token, 'GET', url), url);
    }
  });

  it('still reads their own session, with the role and permissions in force', async () => {
    const me = dataOf(await as(staff.editor.token, 'GET', '/api/User/Me'));
    expect(me).toMatchObject({ id: staff.editor.id, isAdmin: true, role: 'editor', permissions: ['catalog'] });
    expect(dataOf(await asAdmin(t, 'GET', '/api/User/Me'))).toMatchObject({ role: 'owner' });
    expect(dataOf(await asAdmin(t, 'GET', '/api/User/Me')).permissions).toContain('audit');
  });
});

describe('PUT /api/User (roles)', () => {
  it('makes an admin created without a role an owner, and a shopper has no role', async () => {
    const { user } = await makeStaff(undefined);
    expect(user.role).toBe('owner');
    const shopper = dataOf(await asAdmin(t, 'POST', '/api/User', { username: `shop${++seq}`, password: 'shop-pass-12' }));
    expect(shopper.role).toBeNull();
  });

  it('answers Persian field messages for a bad role and for a role without admin rights', async () => {
    const s = await makeStaff('editor');
    expectFieldErrors(await asAdmin(t, 'PUT', '/api/User', { id: s.id, role: 'king' }),
      { role: 'نقش باید یکی از مدیر کل، اپراتور سفارش‌ها یا ویرایشگر کاتالوگ باشد' });
    expectFieldErrors(await asAdmin(t, 'PUT', '/api/User', { id: s.id, isAdmin: false, role: 'operator' }),
      { role: 'نقش فقط برای کاربری که مدیر فروشگاه است تعیین می‌شود' });
    expectFieldErrors(await asAdmin(t, 'POST', '/api/User', { username: `x${++seq}`, password: 'xxxx-pass-1', role: 'editor' }),
      { role: 'نقش فقط برای کاربری که مدیر فروشگاه است تعیین می‌شود' });
  });

  it('answers the user as they are when nothing changes: only the id, or the role they already have', async () => {
    const s = await makeStaff('operator');
    const logged = async () => dataOf(await asAdmin(t, 'GET', `/api/Audit?entity=user&pageSize=100`)).data.filter((e: { entityId: number }) => e.entityId === s.id).length;
    const before = await logged();
    for (const body of [{ id: s.id }, { id: s.id, role: 'operator' }]) {
      expect(dataOf(await asAdmin(t, 'PUT', '/api/User', body)), JSON.stringify(body)).toMatchObject({ id: s.id, isAdmin: true, role: 'operator' });
    }
    expect(await logged()).toBe(before); // nothing changed, nothing recorded
    expect((await asAdmin(t, 'PUT', '/api/User', { id: 999_999 })).statusCode).toBe(404);
  });

  it('applies a role change to the very next request of a session already open', async () => {
    const s = await makeStaff('editor');
    expect((await as(s.token, 'GET', '/api/Order/Admin')).statusCode).toBe(403);
    expect(dataOf(await asAdmin(t, 'PUT', '/api/User', { id: s.id, role: 'operator' })).role).toBe('operator');
    expect((await as(s.token, 'GET', '/api/Order/Admin')).statusCode).toBe(200);
    expectNoPermission(await as(s.token, 'GET', '/api/Product/Admin'), 'after the change');
    expect(dataOf(await as(s.token, 'GET', '/api/User/Me')).permissions).toEqual(['orders', 'customers']);
  });

  it('records role changes in the audit log', async () => {
    const s = await makeStaff('editor');
    dataOf(await asAdmin(t, 'PUT', '/api/User', { id: s.id, role: 'operator' }));
    const log = dataOf(await asAdmin(t, 'GET', `/api/Audit?entity=user&userId=${ownerId}&pageSize=1`));
    expect(log.data[0]).toMatchObject({ action: 'user.update', entityId: s.id, data: { staffRole: 'operator' } });
  });
});

// Last: it changes who the owners are.
describe('the last active owner', () => {
  const otherOwners = async (...except: number[]) =>
    (dataOf(await asAdmin(t, 'GET', '/api/User?pageSize=100')).data as { id: number; role: string | null; isDisable: boolean }[])
      .filter((u) => u.role === 'owner' && !u.isDisable && !except.includes(u.id));

  it('cannot be demoted to another role, disabled or deleted (409), even with other admins around', async () => {
    for (const u of await otherOwners(ownerId)) dataOf(await asAdmin(t, 'PUT', '/api/User', { id: u.id, role: 'editor' }));
    expect(await otherOwners(ownerId)).toEqual([]);
    for (const change of [{ role: 'operator' }, { role: 'editor' }, { isAdmin: false }, { isDisable: true }]) {
      const res = await asAdmin(t, 'PUT', '/api/User', { id: ownerId, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(errorOf(res).message).toBe(LAST_OWNER);
    }
    expect((await asAdmin(t, 'DELETE', `/api/User?id=${ownerId}`)).statusCode).toBe(409);
    expect(dataOf(await asAdmin(t, 'GET', '/api/User/Me')).role).toBe('owner');
  });

  it('may step down once another owner exists; then that one is protected', async () => {
    const second = await makeStaff('owner');
    expect(dataOf(await asAdmin(t, 'PUT', '/api/User', { id: ownerId, role: 'operator' })).role).toBe('operator');
    const res = await as(second.token, 'PUT', '/api/User', { id: second.id, role: 'editor' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(LAST_OWNER);
    // The first owner, now an operator, lost the staff screen at once.
    expectNoPermission(await asAdmin(t, 'POST', '/api/User', { username: 'late', password: 'late-pass-12' }), 'demoted owner');
  });
});
