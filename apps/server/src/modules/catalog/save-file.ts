/** The catalogue's files saved whole or not at all: written beside them under a temporary name, then renamed into place. */
import fs from 'node:fs';
import path from 'node:path';

/** Where `file` is written before its rename: `<file>.<pid>.tmp`, a name `removeCutSaves` knows. */
export const temporaryFor = (file: string) => `${file}.${process.pid}.tmp`;

/**
 * The file a page store (page-store.ts) keeps its pages in while the process runs, to be renamed to `file` when it
 * is saved: `<file>.<pid>-<n>.tmp`, the other name `removeCutSaves` knows.
 */
export const liveFor = (file: string, n: number) => `${file}.${process.pid}-${n}.tmp`;

/**
 * Removes what a process that is gone left beside `file`: its temporary copy (`temporaryFor`, by snapshot.ts) cut
 * short in the middle of a save, and the files its page stores lived in (`liveFor`, page-store.ts; the product pages'
 * HTML is a gigabyte at 100,000 products) when it was killed or crashed before saving them — nothing else would ever
 * remove them. Those of a process still running (another server on the same folder, whatever its state) are left
 * alone.
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
    const pid = name.startsWith(prefix) && /^(\d+)(?:-\d+)?\.tmp$/.exec(name.slice(prefix.length))?.[1];
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
