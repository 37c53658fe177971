import fs from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own and two processes on one folder lose writes silently,
 * so the folder gets a pid lock file; a stale one (dead pid) is taken over.
 */
export function acquireLock(dir: string): () => void {
  const file = path.join(path.dirname(dir), `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch { /* already gone */ }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && alive(pid)) {
        throw new Error(`The database folder ${dir} is in use by another Sorkhab process (pid ${pid}). ` +
          'Stop it first, or give this one its own DATA_DIR.');
      }
      fs.unlinkSync(file); // stale lock of a process that died
    }
  }
  throw new Error(`Could not lock the database folder ${dir}`);
}
