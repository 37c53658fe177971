import { SHOPPER_HINT_COOKIE, type Customer } from '@sorkhab/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookieJar, heldFetch } from '../../lib/held-fetch.test-helpers';

/**
 * The header's shopper (shopper.ts) when its answers come back out of order (heldFetch): the page's first load, asked
 * before a logout or a saved name, must not put back who the shopper was.
 */
let held: ReturnType<typeof heldFetch>;
let jar: ReturnType<typeof cookieJar>;
const maryam = { id: 7, firstname: 'مریم', lastname: 'احمدی', mobile: '989121234567' } as Customer;

beforeEach(() => {
  vi.resetModules(); // the store is the module's: a fresh page each test
  jar = cookieJar({ [SHOPPER_HINT_COOKIE]: '1' });
  vi.stubGlobal('document', jar);
  held = heldFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('the header\'s shopper', () => {
  it('stays logged out when the page\'s first load answers after the logout', async () => {
    const { shopperStore } = await import('./shopper');
    const first = shopperStore.ensure();
    const me = await held.sent('GET', '/api/Auth/Me');
    jar.cookie = `${SHOPPER_HINT_COOKIE}=; path=/; max-age=0`; // the logout's answer clears the hint
    await shopperStore.refresh(); // no hint: no request
    expect(shopperStore.current()).toEqual({ shopper: null, known: true });
    me.answer(200, maryam); // asked before the logout
    await first;
    expect(shopperStore.current()).toEqual({ shopper: null, known: true });
  });

  it('shows the name just saved, whichever answer comes back last', async () => {
    const { shopperStore } = await import('./shopper');
    const first = shopperStore.ensure();
    const before = await held.sent('GET', '/api/Auth/Me');
    const saved = shopperStore.refresh(); // the profile form saved a new name
    (await held.sent('GET', '/api/Auth/Me')).answer(200, { ...maryam, firstname: 'مریم‌سادات' });
    await saved;
    before.answer(200, maryam);
    await first;
    expect(shopperStore.current().shopper?.firstname).toBe('مریم‌سادات');
  });

  it('forgets a hint the server no longer honours (401), and asks nothing more', async () => {
    const { shopperStore } = await import('./shopper');
    const first = shopperStore.ensure();
    (await held.sent('GET', '/api/Auth/Me')).answer(401, null);
    await first;
    expect(shopperStore.current()).toEqual({ shopper: null, known: true });
    expect(jar.cookie).toBe('');
    await shopperStore.ensure();
    expect(held.requests).toHaveLength(1);
  });
});
