import { execSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ENTITY_LABELS, AUDIT_VERB_LABELS } from '@sorkhab/shared';
import { auditLog, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { asAdmin, dataOf, expectFieldErrors } from '../../../test/api.js';

let t: TestApp;
let ownerId: number;
let otherId: number;
beforeAll(async () => {
  t = await buildTestApp();
  ownerId = dataOf(await asAdmin(t, 'GET', '/api/User/Me')).id;
  const [other] = await t.db.insert(users).values({ username: 'operator1', firstname: 'زهرا', lastname: 'کریمی', isAdmin: true, staffRole: 'operator' })
    .returning();
  otherId = other!.id;
  // Tehran is UTC+03:30: 1405/09/01 (2026-11-22) starts at 2026-11-21T20:30Z.
  await t.db.insert(auditLog).values([
    { userId: ownerId, action: 'product.update', entity: 'product', entityId: 7, createdAt: new Date('2026-11-21T20:29:00Z') },
    { userId: ownerId, action: 'product.update', entity: 'product', entityId: 8, createdAt: new Date('2026-11-21T20:30:00Z') },
    { userId: otherId, action: 'order.status', entity: 'order', entityId: 3, data: { from: 'paid', to: 'processing' }, createdAt: new Date('2026-11-22T12:00:00Z') },
    { userId: otherId, action: 'order.status', entity: 'order', entityId: 4, createdAt: new Date('2026-11-22T20:29:59Z') },
    { userId: null, action: 'order.status', entity: 'order', entityId: 5, createdAt: new Date('2026-11-22T20:30:00Z') },
  ]);
});
afterAll(async () => { await t?.close(); });

type Page = { data: { entityId: number; userName: string | null; action: string; data: unknown }[]; totalCount: number; page: number; pageSize: number };
const audit = async (query: string) => dataOf<Page>(await asAdmin(t, 'GET', `/api/Audit?${query}`));
const ids = (p: Page) => p.data.map((e) => e.entityId);

describe('GET /api/Audit', () => {
  it('lists newest first with who acted (name, or null for the system) and the change\'s data', async () => {
    const page = await audit('from=1405/08/30&to=1405/09/02');
    expect(ids(page)).toEqual([5, 4, 3, 8, 7]);
    expect(page.data.map((e) => e.userName)).toEqual([null, 'زهرا کریمی', 'زهرا کریمی', 'مدیر فروشگاه', 'مدیر فروشگاه']);
    expect(page.data[2]).toMatchObject({ action: 'order.status', data: { from: 'paid', to: 'processing' } });
  });

  it('filters by user and by entity', async () => {
    expect(ids(await audit(`userId=${otherId}`))).toEqual([4, 3]);
    expect(ids(await audit(`entity=product&userId=${ownerId}&from=1405/08/30&to=1405/09/01`))).toEqual([8, 7]);
    expect((await audit('entity=nothing')).totalCount).toBe(0);
  });

  it('takes a Jalali day range in Tehran time (Persian or Latin digits), both days included', async () => {
    // 1405/09/01 in Tehran: from 20:30Z the day before to 20:30Z that day.
    expect(ids(await audit('from=۱۴۰۵/۰۹/۰۱&to=1405-9-1'))).toEqual([4, 3, 8]);
    expect(ids(await audit('to=1405/08/30&entity=product'))).toEqual([7]);
    expect(ids(await audit('from=1405/09/02&entity=order'))).toEqual([5]);
  });

  it('pages with the usual fields', async () => {
    const p2 = await audit('from=1405/08/30&to=1405/09/02&pageSize=2&pageNumber=2');
    expect(p2).toMatchObject({ page: 2, pageSize: 2, totalCount: 5 });
    expect(ids(p2)).toEqual([3, 8]);
  });

  it('answers Persian field messages for bad dates and a range that ends before it starts', async () => {
    expectFieldErrors(await asAdmin(t, 'GET', '/api/Audit?from=yesterday'), { from: 'از تاریخ را به شکل ۱۴۰۵/۰۹/۰۱ وارد کنید' });
    expectFieldErrors(await asAdmin(t, 'GET', '/api/Audit?to=1405/13/45'), { to: 'تا تاریخ را به شکل ۱۴۰۵/۰۹/۰۱ وارد کنید' });
    expectFieldErrors(await asAdmin(t, 'GET', '/api/Audit?from=1405/09/01&to=1405/08/30'), { to: '«تا تاریخ» نباید پیش از «از تاریخ» باشد' });
    expectFieldErrors(await asAdmin(t, 'GET', '/api/Audit?userId=abc'), { userId: expect.stringContaining('کاربر') });
  });
});

describe('a shopper in the log', () => {
  it('is named by their mobile (shoppers have no name until they give one), in the list and the filter', async () => {
    const [shopper] = await t.db.insert(users).values({ mobile: '989121234567' }).returning();
    await t.db.insert(auditLog).values({ userId: shopper!.id, action: 'review.create', entity: 'review', entityId: 9, createdAt: new Date('2026-10-01T10:00:00Z') });
    const page = await audit(`userId=${shopper!.id}`);
    expect(page.data.map((e) => e.userName)).toEqual(['خریدار ۰۹۱۲۱۲۳۴۵۶۷']);
    const facets = dataOf(await asAdmin(t, 'GET', '/api/Audit/Facets'));
    expect(facets.users).toEqual(expect.arrayContaining([{ id: shopper!.id, name: 'خریدار ۰۹۱۲۱۲۳۴۵۶۷' }]));
  });

  it('every entity and action the server records has a label the owner reads (none shows as «سایر» or «تغییر»)', () => {
    // The actions written in the server's code (write()'s audit option and audit() calls).
    const src = execSync(`grep -rhoE "(action: |audit\\(tx, [^,]+, )'[a-z_]+\\.[a-z_.-]+'|entity: '[a-z_]+'" ${path.resolve(__dirname, '../..')} --include=*.ts --exclude=*.test.ts`).toString();
    const actions = [...src.matchAll(/'([a-z_]+)\.([a-z_.-]+)'/g)].map((m) => m[2]!.split('.').at(-1)!);
    const entities = [...src.matchAll(/entity: '([a-z_]+)'/g)].map((m) => m[1]!);
    expect(actions.length).toBeGreaterThan(30);
    expect([...new Set(actions)].filter((verb) => !AUDIT_VERB_LABELS[verb])).toEqual([]);
    expect([...new Set(entities)].filter((entity) => !AUDIT_ENTITY_LABELS[entity])).toEqual([]);
  });
});

describe('GET /api/Audit/Facets', () => {
  it('offers the users and entities that appear in the log', async () => {
    const facets = dataOf(await asAdmin(t, 'GET', '/api/Audit/Facets'));
    expect(facets.users).toEqual(expect.arrayContaining([{ id: ownerId, name: 'مدیر فروشگاه' }, { id: otherId, name: 'زهرا کریمی' }]));
    expect(facets.entities).toEqual(expect.arrayContaining(['order', 'product']));
  });
});
