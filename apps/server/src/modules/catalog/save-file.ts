/** The catalogue's files saved whole or not at all: written to a temporary file beside them, then renamed into place. */
import fs from 'node:fs';
import path from 'node:path';

/** Where `file` is written before its rename: `<file>.<pid>.tmp`, the name `removeCutSaves` knows. */
export const temporaryFor = (file: string) => `${file}.${process.pid}.tmp`;

/**
 * Removes what a save cut short left beside `file`: its temporary copy (`temporaryFor`, by snapshot.ts and page-store.ts)
 * of a process that is gone — killed in the middle of a shutdown's save, a product pages' HTML copy is a gigabyte at
 * 100,000 products, and nothing else would ever remove it. A copy of a process still running (another server on the
 * same folder, whatever its state) is left alone.
 */
export function removeCutSaves(file: string): string[] {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = name.startsWith(prefix) && /^(\d+)\.tmp$/.exec(name.slice(prefix.length))?.[1];
    if (!pid || processAlive(Number(pid))) continue;
    fs.rmSync(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** Whether a process with this id runs (a signal 0 probes without sending anything; EPERM: it runs, as another user). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
