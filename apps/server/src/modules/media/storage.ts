import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live; a local folder by default, replaceable by an S3-compatible store. */
export interface Storage {
  exists(key: string): Promise<boolean>;
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
}

export function localStorage(dir: string): Storage & { dir: string } {
  const full = (key: string) => {
    const p = path.resolve(dir, key);
    if (!p.startsWith(path.resolve(dir) + path.sep)) throw new Error('bad storage key');
    return p;
  };
  return {
    dir,
    async exists(key) {
      return fs.access(full(key)).then(() => true, () => false);
    },
    async put(key, data) {
      await fs.mkdir(path.dirname(full(key)), { recursive: true });
      const tmp = `${full(key)}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, full(key));
    },
    async remove(key) {
      await fs.rm(full(key), { force: true });
    },
  };
}
