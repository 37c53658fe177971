import { describe, expect, it } from 'vitest';
import { keyHash, SeenKeys } from './cache.js';

describe('SeenKeys (the second-request doorkeeper of the read and page caches)', () => {
  it('remembers a key added, not one never added, and forgets all at a clear', () => {
    const seen = new SeenKeys();
    const key = 'all:{"title":"رژ لب","pageNumber":2}';
    expect(seen.has(key)).toBe(false);
    seen.add(key);
    expect(seen.has(key)).toBe(true);
    // The same text made anew (a different string object) is the same key.
    expect(seen.has(['all:{"title":"رژ', 'لب","pageNumber":2}'].join(' '))).toBe(true);
    expect(seen.has('all:{"title":"رژ لب","pageNumber":3}')).toBe(false);
    seen.clear();
    expect(seen.has(key)).toBe(false);
  });

  it('forgets a key when a later one takes its slot, and keeps the later one', () => {
    const seen = new SeenKeys(2); // four slots
    const first = 'listing 1';
    const slot = keyHash(first) & 3;
    let other = 0;
    while ((keyHash(`listing ${other}`) & 3) !== slot || `listing ${other}` === first) other++;
    seen.add(first);
    seen.add(`listing ${other}`);
    expect(seen.has(`listing ${other}`)).toBe(true);
    expect(seen.has(first)).toBe(false);
  });

  it('hashes with FNV-1a over UTF-16 code units to a 32-bit integer as the slots hold it', () => {
    expect(keyHash('')).toBe(0x811c9dc5 | 0);
    const seen = new SeenKeys();
    seen.add('');
    expect(seen.has('')).toBe(true);
    expect(keyHash('a')).toBe(Math.imul(0x811c9dc5 ^ 0x61, 0x01000193));
    expect(keyHash('رژ')).not.toBe(keyHash('ژر'));
  });
});
