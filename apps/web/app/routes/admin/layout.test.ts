import { STAFF_HINT_COOKIE } from '@sorkhab/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookieJar } from '../../lib/held-fetch.test-helpers';

// The shell (Mantine, the screens) is not what is tested here: the session check is.
vi.mock('./layout.client', () => ({ default: () => null }));
const { clientLoader } = await import('./layout');

const staff = { id: 1, userName: 'admin', role: 'admin' };
const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the admin\'s session check on a page load (clientLoader)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the hint when the check is cut short (the page left while it ran, the network gone)', async () => {
    const document = cookieJar({ [STAFF_HINT_COOKIE]: '1' });
    vi.stubGlobal('document', document);
    vi.stubGlobal('fetch', async () => { throw new DOMException('The user aborted a request.', 'AbortError'); });
    expect(await clientLoader()).toEqual({ user: null });
    expect(document.cookie).toContain(`${STAFF_HINT_COOKIE}=1`); // the next page checks again
    vi.stubGlobal('fetch', answer(502, { success: false, data: null, error: { code: 'UPSTREAM', message: 'x' } }));
    await clientLoader();
    expect(document.cookie).toContain(`${STAFF_HINT_COOKIE}=1`);
    vi.stubGlobal('fetch', answer(200, { success: true, data: staff, error: null }));
    expect(await clientLoader()).toEqual({ user: staff });
  });

  it('drops the hint when the server says the session is over', async () => {
    for (const status of [401, 403]) {
      const document = cookieJar({ [STAFF_HINT_COOKIE]: '1', other: 'x' });
      vi.stubGlobal('document', document);
      vi.stubGlobal('fetch', answer(status, { success: false, data: null, error: { code: 'UNAUTHORIZED', message: 'x' } }));
      expect(await clientLoader()).toEqual({ user: null });
      expect(document.cookie).toBe('other=x');
    }
  });

  it('asks nothing without the hint', async () => {
    vi.stubGlobal('document', cookieJar({}));
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await clientLoader()).toEqual({ user: null });
    expect(fetch).not.toHaveBeenCalled();
  });
});
