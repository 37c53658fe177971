import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, lockPaths } from './lock.js';

const LOCK_TS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lock.ts');
const dirs: string[] = [];
const releases: (() => Promise<void>)[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-lock-'));
  dirs.push(d);
  return path.join(d, 'db');
};
const hold = async (dir: string) => {
  const release = await acquireLock(dir);
  releases.push(release);
  return release;
};
afterEach(async () => {
  await Promise.all(releases.splice(0).map((r) => r()));
  dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

/** A child process that takes the lock and then waits to be killed. */
async function childHolding(dir: string) {
  const script = path.join(path.dirname(dir), 'holder.mjs');
  fs.writeFileSync(script, `import { acquireLock } from ${JSON.stringify(LOCK_TS)};
await acquireLock(${JSON.stringify(dir)});
process.stdout.write('locked');
setInterval(() => {}, 60_000);
`);
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let err = '';
  child.stderr!.on('data', (d) => { err += d; });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => { if (String(d).includes('locked')) resolve(); });
    child.on('exit', (code) => reject(new Error(`holder exited (${code}): ${err}`)));
  });
  return { child, exited };
}

describe('acquireLock (a socket that dies with its process)', () => {
  it('refuses a folder a live child holds, and takes it over once the child is killed with SIGKILL', async () => {
    const dir = tmp();
    const { child, exited } = await childHolding(dir);
    await expect(acquireLock(dir)).rejects.toThrowError(new RegExp(`in use by another Sorkhab process \\(pid ${child.pid}\\)`));

    child.kill('SIGKILL');
    await exited;
    // The socket file outlives its process; nobody cleans it up by hand.
    expect(fs.existsSync(lockPaths(dir).primary)).toBe(true);
    await hold(dir);
    await expect(acquireLock(dir)).rejects.toThrowError(/in use by another Sorkhab process/);
  }, 30_000);

  it('is not blocked by the files of a dead holder whose pid now belongs to a live process', async () => {
    const dir = tmp();
    const { child, exited } = await childHolding(dir);
    child.kill('SIGKILL');
    await exited;
    // The old pid-file lock of that process, naming a pid that is alive again (this worker's parent).
    fs.writeFileSync(`${dir}.lock`, String(process.ppid));
    await hold(dir);
  }, 30_000);

  it('admits exactly one of many starters racing for a dead holder\'s socket', async () => {
    const dir = tmp();
    const { child, exited } = await childHolding(dir);
    child.kill('SIGKILL');
    await exited;
    for (let round = 0; round < 20; round++) {
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => acquireLock(dir)));
      const won = results.filter((r): r is PromiseFulfilledResult<() => Promise<void>> => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/in use by another Sorkhab process/);
      // Leave a dead socket behind for the next round, as a crash would.
      const sock = lockPaths(dir).primary;
      const keep = `${sock}.keep`;
      fs.linkSync(sock, keep);
      await won[0]!.value();
      fs.renameSync(keep, sock);
    }
  }, 60_000);

  it('releases (removing its socket) so the folder can be locked again', async () => {
    const dir = tmp();
    const release = await acquireLock(dir);
    expect(fs.existsSync(lockPaths(dir).primary)).toBe(true);
    await release();
    await release(); // twice is harmless
    expect(fs.existsSync(lockPaths(dir).primary)).toBe(false);
    await hold(dir);
  });

  it('uses a short socket path under the temporary folder when the folder\'s path is too long for a socket', async () => {
    const dir = path.join(path.dirname(tmp()), 'x'.repeat(60), 'y'.repeat(60), 'db');
    const { primary, fallback } = (fs.mkdirSync(dir, { recursive: true }), lockPaths(dir));
    expect(Buffer.byteLength(primary)).toBeGreaterThan(107);
    const release = await hold(dir);
    expect(fs.existsSync(fallback)).toBe(true);
    expect(fs.existsSync(primary)).toBe(false);
    await expect(acquireLock(dir)).rejects.toThrowError(/in use by another Sorkhab process/);
    await release();
    expect(fs.existsSync(fallback)).toBe(false);
  });

  it('still refuses a second process on the same folder (end to end, no child left)', () => {
    const dir = tmp();
    fs.mkdirSync(dir, { recursive: true });
    const script = path.join(path.dirname(dir), 'twice.mjs');
    fs.writeFileSync(script, `import { acquireLock } from ${JSON.stringify(LOCK_TS)};
await acquireLock(${JSON.stringify(dir)});
try { await acquireLock(${JSON.stringify(dir)}); console.log('second got it'); } catch (e) { console.log(e.message); }
process.exit(0);
`);
    const out = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
    expect(out.stdout).toMatch(new RegExp(`in use by another Sorkhab process \\(pid ${out.pid}\\)`));
  }, 30_000);
});
