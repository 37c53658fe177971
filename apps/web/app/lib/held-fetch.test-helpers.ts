import { expect, vi } from 'vitest';

/** A request the page's store sent, waiting for the test to answer it. */
export interface HeldRequest {
  method: string;
  path: string;
  /** Answers with the API's envelope: `data` for a status below 400, a Persian refusal otherwise. */
  answer(status: number, data: unknown): void;
}

/**
 * Stubs the browser's `fetch` with one whose answers the test releases one by one, in the order a slow connection
 * gives them (an answer asked for first can come back last). Undo with `vi.unstubAllGlobals()`.
 */
export function heldFetch() {
  const requests: HeldRequest[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => new Promise<Response>((resolve) => {
    requests.push({
      method: init.method ?? 'GET', path: url,
      answer: (status, data) => resolve(new Response(JSON.stringify(status < 400
        ? { success: true, data, error: null } : { success: false, data: null, error: { code: 'X', message: 'خطا' } }), { status })),
    });
  }));
  return {
    requests,
    /** The request sent last, once the store has sent it (checked to be this one). */
    async sent(method: string, path: string): Promise<HeldRequest> {
      await new Promise((r) => setTimeout(r, 0));
      const r = requests.at(-1)!;
      expect(`${r.method} ${r.path}`).toBe(`${method} ${path}`);
      return r;
    },
  };
}

/** A browser's cookie jar as `document.cookie` is: read as "a=1; b=2", written one cookie at a time (Max-Age=0 removes it). */
export function cookieJar(initial: Record<string, string>) {
  const jar = new Map(Object.entries(initial));
  return {
    get cookie() { return [...jar].map(([k, v]) => `${k}=${v}`).join('; '); },
    set cookie(line: string) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (attrs.some((a) => /^max-age=0$/i.test(a))) jar.delete(name);
      else jar.set(name, value);
    },
  };
}
