import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { startS3, type TestS3 } from '../../../test/s3.js';
import { openStorage, type OpenedStorage } from './uploads.js';

let s3: TestS3;
const folders: string[] = [];
beforeAll(async () => { s3 = await startS3(); });
afterAll(async () => {
  await s3.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** The same store as each backend opens it from configuration: a fresh folder, or a fresh prefix of the bucket. */
let n = 0;
const backends = {
  local: async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-storage-'));
    folders.push(dir);
    return openStorage(testConfig({ DATA_DIR: dir }));
  },
  s3: () => openStorage(testConfig(s3.config(`contract/${++n}`))),
};

async function bytesOf(storage: OpenedStorage, key: string): Promise<Buffer | null> {
  if ('dir' in storage) return fs.promises.readFile(path.join(storage.dir, key)).catch(() => null);
  const read = await storage.read(key, { head: false });
  if (!read) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of read.body as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const keysOf = async (storage: OpenedStorage) => {
  const keys = [];
  for await (const f of storage.list()) keys.push(f.key);
  return keys.sort();
};

describe.each(Object.keys(backends) as (keyof typeof backends)[])('the Storage contract on %s', (backend) => {
  let storage: OpenedStorage;
  beforeAll(async () => { storage = await backends[backend](); });
  afterAll(() => { if ('close' in storage) storage.close(); });

  it('puts a file whole under a key with slashes, then exists, stats and lists it; remove takes it away', async () => {
    const before = Date.now();
    await storage.put('ab/cd/one.png', Buffer.from('first bytes'));
    expect(await storage.exists('ab/cd/one.png')).toBe(true);
    expect(await bytesOf(storage, 'ab/cd/one.png')).toEqual(Buffer.from('first bytes'));
    const st = await storage.stat('ab/cd/one.png');
    expect(st!.mtimeMs).toBeGreaterThanOrEqual(before - 1000);
    expect(st!.mtimeMs).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await keysOf(storage)).toEqual(['ab/cd/one.png']);
    await storage.put('ab/cd/one.png', Buffer.from('second'));
    expect(await bytesOf(storage, 'ab/cd/one.png')).toEqual(Buffer.from('second'));
    await storage.remove('ab/cd/one.png');
    expect(await storage.exists('ab/cd/one.png')).toBe(false);
    expect(await storage.stat('ab/cd/one.png')).toBeNull();
    expect(await keysOf(storage)).toEqual([]);
  });

  it('answers a missing key without an error: exists false, stat null, touch false, remove done', async () => {
    expect(await storage.exists('zz/missing.png')).toBe(false);
    expect(await storage.stat('zz/missing.png')).toBeNull();
    expect(await storage.touch('zz/missing.png', Date.now())).toBe(false);
    await expect(storage.remove('zz/missing.png')).resolves.toBeUndefined();
    expect(await storage.exists('zz/missing.png')).toBe(false); // touch created nothing
  });

  it('touch sets the mtime to the millisecond (a claim differs from its writer\'s stat by 1 ms) and keeps the bytes', async () => {
    await storage.put('cd/claimed.webp', Buffer.from('webp bytes'));
    const written = (await storage.stat('cd/claimed.webp'))!.mtimeMs;
    expect(await storage.touch('cd/claimed.webp', written + 1)).toBe(true);
    const claimed = (await storage.stat('cd/claimed.webp'))!.mtimeMs;
    expect(claimed).not.toBe(written);
    expect(Math.round(claimed)).toBe(Math.round(written + 1));
    const old = Date.now() - 2 * 60 * 60 * 1000;
    expect(await storage.touch('cd/claimed.webp', old)).toBe(true);
    expect(Math.round((await storage.stat('cd/claimed.webp'))!.mtimeMs)).toBe(old);
    expect(await bytesOf(storage, 'cd/claimed.webp')).toEqual(Buffer.from('webp bytes'));
    await storage.remove('cd/claimed.webp');
  });

  it('lists every key, nested ones included, relative to its root', async () => {
    const keys = ['a.png', 'ab/x.jpg', 'ab/x-100.webp', 'ef/gh/ij/deep.gif'];
    for (const key of keys) await storage.put(key, Buffer.from(key));
    expect(await keysOf(storage)).toEqual([...keys].sort());
    for await (const f of storage.list()) expect(f.mtimeMs).toBeGreaterThan(Date.now() - 60_000);
    for (const key of keys) await storage.remove(key);
  });

  it('leaves one whole file after concurrent puts of one key (a key is a content hash: every writer has the same bytes)', async () => {
    const data = Buffer.alloc(256 * 1024, 7);
    data.write('a picture stored by many requests at once');
    await Promise.all(Array.from({ length: 8 }, () => storage.put('ff/same.png', data)));
    expect((await bytesOf(storage, 'ff/same.png'))!.equals(data)).toBe(true);
    expect(await keysOf(storage)).toEqual(['ff/same.png']); // no temporary file left behind
    await storage.remove('ff/same.png');
  });
});

describe('the S3 store', () => {
  it('keeps to its prefix: another prefix of the same bucket lists and finds nothing of it', async () => {
    const one = await backends.s3();
    const other = await backends.s3();
    await one.put('ab/mine.png', Buffer.from('x'));
    expect(await keysOf(other)).toEqual([]);
    expect(await other.exists('ab/mine.png')).toBe(false);
    await one.remove('ab/mine.png');
    for (const s of [one, other]) if ('close' in s) s.close();
  });

  it('stops the start with a readable error for a missing bucket or wrong keys', async () => {
    await expect(openStorage(testConfig({ ...s3.config(), STORAGE_URL: 's3://no-such-bucket' })))
      .rejects.toThrow(/^Storage: bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used: no such bucket$/);
    // (s3rver checks the key id, not the signature: a wrong secret is refused the same way by a real S3.)
    await expect(openStorage(testConfig({ ...s3.config(), S3_ACCESS_KEY_ID: 'NOT-A-KEY' })))
      .rejects.toThrow(/^Storage: bucket "sorkhab-test" at .* cannot be used: access denied for these keys$/);
  });
});
