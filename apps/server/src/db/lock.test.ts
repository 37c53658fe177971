import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock } from './lock.js';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-lock-'));
  dirs.push(d);
  return path.join(d, 'db');
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('acquireLock', () => {
  it('refuses a folder another live process holds', () => {
    const dir = tmp();
    // A live process other than this one (the parent of this test worker) holds it.
    fs.writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => acquireLock(dir)).toThrowError(/in use by another Sorkhab process/);
  });

  it('takes over the lock of a process that died', () => {
    const dir = tmp();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(`${dir}.lock`, dead);
    const release = acquireLock(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it('releases only its own lock', () => {
    const dir = tmp();
    const release = acquireLock(dir);
    fs.writeFileSync(`${dir}.lock`, '999999');
    release();
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe('999999');
  });
});
