import { SHOPPER_HINT_COOKIE } from '@sorkhab/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookieJar, heldFetch } from '../../lib/held-fetch.test-helpers';

/**
 * The hearts' store (saved.ts) against a fetch whose answers the test releases one by one (heldFetch), in the order a
 * slow connection gives them: the shopper's list (read when the page loaded) comes back after a heart was clicked.
 */
let held: ReturnType<typeof heldFetch>;
let jar: ReturnType<typeof cookieJar>;

beforeEach(() => {
  vi.resetModules(); // the store is the module's: a fresh page each test
  jar = cookieJar({ [SHOPPER_HINT_COOKIE]: '1' });
  vi.stubGlobal('document', jar);
  const session = new Map<string, string>();
  vi.stubGlobal('sessionStorage', { getItem: (k: string) => session.get(k) ?? null, setItem: (k: string, v: string) => session.set(k, v), removeItem: (k: string) => session.delete(k) });
  held = heldFetch();
});
afterEach(() => vi.unstubAllGlobals());

/** The page's store, its list being loaded (the request held until the test answers it). */
async function loading() {
  const { savedStore } = await import('./saved');
  const loaded = savedStore.ensure();
  const list = await sent('GET', '/api/Wishlist/Ids');
  return { saved: savedStore, loaded, list };
}
const sent = (method: string, path: string) => held.sent(method, path);

describe('the shopper\'s hearts and waits while their list is loading', () => {
  it('a heart clicked before the list comes back stays filled when it does', async () => {
    const { saved, loaded, list } = await loading();
    const toggled = saved.toggle(37);
    expect(saved.current().ids.has(37)).toBe(true);
    (await sent('POST', '/api/Wishlist/Add')).answer(200, null);
    expect(await toggled).toBe('ok');
    list.answer(200, { productIds: [5], alerts: [] }); // read before the click: 37 is not in it
    await loaded;
    expect([...saved.current().ids].sort()).toEqual([37, 5].sort());
    expect(saved.current().known).toBe(true);
  });

  it('a heart emptied before the list comes back stays empty; a refused save is put back, whenever the refusal comes', async () => {
    const { saved, loaded, list } = await loading();
    const removed = saved.toggle(5, false);
    (await sent('DELETE', '/api/Wishlist/Remove?productId=5')).answer(200, null);
    await removed;
    const refused = saved.toggle(9);
    const add = await sent('POST', '/api/Wishlist/Add');
    list.answer(200, { productIds: [5, 7], alerts: [] });
    await loaded;
    expect([...saved.current().ids].sort()).toEqual([7, 9]); // 9 shown while the server is asked
    add.answer(500, null);
    expect(await refused).toBe('failed');
    expect([...saved.current().ids]).toEqual([7]);
  });

  it('a wait started before the list comes back is kept beside the list\'s own', async () => {
    const { saved, loaded, list } = await loading();
    const waited = saved.wait(12, null);
    (await sent('POST', '/api/StockAlert/Subscribe')).answer(200, { id: 40 });
    expect(await waited).toBe('ok');
    list.answer(200, { productIds: [], alerts: [{ id: 3, productId: 8, variantId: null }] });
    await loaded;
    expect(saved.current().alerts).toEqual([{ id: 3, productId: 8, variantId: null }, { id: 40, productId: 12, variantId: null }]);
  });

  it('after the list is back, a heart changes only what it changes', async () => {
    const { saved, loaded, list } = await loading();
    list.answer(200, { productIds: [1, 2], alerts: [] });
    await loaded;
    const toggled = saved.toggle(2);
    (await sent('DELETE', '/api/Wishlist/Remove?productId=2')).answer(200, null);
    expect(await toggled).toBe('ok');
    expect([...saved.current().ids]).toEqual([1]);
  });

  it('a list asked for before a logout does not fill the hearts after it', async () => {
    const { saved, loaded, list } = await loading();
    jar.cookie = `${SHOPPER_HINT_COOKIE}=; path=/; max-age=0`; // logged out; the next page's hearts ask again
    await saved.ensure(); // a guest: nothing to ask
    expect(saved.current()).toMatchObject({ known: true, hinted: false, ids: new Set() });
    list.answer(200, { productIds: [5], alerts: [{ id: 3, productId: 8, variantId: null }] });
    await loaded;
    expect(saved.current()).toMatchObject({ known: true, hinted: false, ids: new Set(), alerts: [] });
    await saved.ensure();
    expect(held.requests).toHaveLength(1);
  });
});
