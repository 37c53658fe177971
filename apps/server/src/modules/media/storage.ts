import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** One stored file, as listed: its key (`ab/<hash>.jpg`) and when it was last written or claimed. */
export interface StoredFile {
  key: string;
  mtimeMs: number;
}

/** Where uploaded files live; a local folder by default, replaceable by an S3-compatible store. */
export interface Storage {
  exists(key: string): Promise<boolean>;
  /** Writes a file whole or not at all (a temporary file renamed into place). */
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  /** The file's modification time, or null when it does not exist. */
  stat(key: string): Promise<{ mtimeMs: number } | null>;
  /** Sets the modification time (a claim on an existing file); false when the file does not exist. */
  touch(key: string, mtimeMs: number): Promise<boolean>;
  /** Every file, temporary ones included. */
  list(): AsyncIterable<StoredFile>;
}

/** Temporary files end in `.tmp` until renamed into place; the static file server never serves them. */
export const isTemporary = (key: string) => key.endsWith('.tmp');

export function localStorage(dir: string): Storage & { dir: string } {
  const root = path.resolve(dir);
  const full = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(root + path.sep)) throw new Error('bad storage key');
    return p;
  };
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    dir,
    async exists(key) {
      return fs.access(full(key)).then(() => true, () => false);
    },
    async put(key, data) {
      await fs.mkdir(path.dirname(full(key)), { recursive: true });
      // A name of its own per write: two writers of the same key never share a temporary file.
      const tmp = `${full(key)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      try {
        await fs.writeFile(tmp, data);
        await fs.rename(tmp, full(key));
      } catch (err) {
        await fs.rm(tmp, { force: true }).catch(() => {});
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(full(key), { force: true });
    },
    async stat(key) {
      try {
        return { mtimeMs: (await fs.stat(full(key))).mtimeMs };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async touch(key, mtimeMs) {
      try {
        await fs.utimes(full(key), mtimeMs / 1000, mtimeMs / 1000);
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async *list() {
      let entries;
      try {
        entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
      } catch (err) {
        if (missing(err)) return;
        throw err;
      }
      for (const e of entries) {
        if (!e.isFile()) continue;
        const file = path.join(e.parentPath, e.name);
        const st = await fs.stat(file).catch(() => null); // removed since the listing
        if (st) yield { key: path.relative(root, file).split(path.sep).join('/'), mtimeMs: st.mtimeMs };
      }
    },
  };
}
