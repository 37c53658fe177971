import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** sun_path holds 104 bytes on macOS and 108 on Linux, NUL included; longer paths are silently cut by libuv. */
const MAX_SOCKET_PATH = 103;
/** A takeover guard older than this was left by a process that died in the middle of a takeover. */
const GUARD_STALE_MS = 10_000;

class FolderInUseError extends Error {}

const inUse = (dir: string, pid?: number) => new FolderInUseError(
  `The database folder ${dir} is in use by another Sorkhab process${pid ? ` (pid ${pid})` : ''}. ` +
  'Stop it first, or give this one its own DATA_DIR.');

/**
 * Where the lock of a folder lives: `<dir>.lock.sock` beside it (the folder's real path, so two
 * spellings of one folder share a lock), or, when that path is too long for a socket or its
 * filesystem cannot hold one, a short name under the temporary folder made from its hash.
 */
export function lockPaths(dir: string): { primary: string; fallback: string } {
  const real = fs.realpathSync(dir);
  const primary = `${real}.lock.sock`;
  const hash = crypto.createHash('sha256').update(real).digest('hex').slice(0, 24);
  return { primary, fallback: path.join(os.tmpdir(), `sorkhab-${hash}.lock.sock`) };
}

type Probe = { live: true; pid?: number } | { live: false; code: string };

/** Connects to a lock socket: a live holder accepts (the kernel does, even if its event loop is busy) and sends its pid. */
function probe(sock: string): Promise<Probe> {
  return new Promise((resolve) => {
    const c = net.connect(sock);
    let done = false;
    let data = '';
    const finish = (r: Probe) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      c.destroy();
      resolve(r);
    };
    // The pid is a courtesy for the message; a holder too busy to answer is still live.
    const timer = setTimeout(() => finish({ live: true }), 1000);
    c.on('connect', () => { timer.refresh(); });
    c.on('data', (d) => { data += d; });
    c.on('end', () => finish({ live: true, pid: Number(data) || undefined }));
    c.on('close', () => finish({ live: true, pid: Number(data) || undefined }));
    c.on('error', (err: NodeJS.ErrnoException) => {
      // ECONNREFUSED: a socket file nobody listens on (its holder died). ENOENT: gone meanwhile.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') finish({ live: false, code: err.code });
      else finish({ live: true }); // EAGAIN (backlog full), EACCES…: someone is there; refuse rather than steal
    });
  });
}

function listen(sock: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((c) => c.end(String(process.pid)));
    server.once('error', reject);
    server.listen(sock, () => {
      server.off('error', reject);
      server.on('error', () => {});
      server.unref(); // the lock never keeps the process alive
      resolve(server);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Replaces a dead holder's socket. Only one process at a time may test-and-unlink (a `wx` guard
 * file), else two starters that both saw the dead socket could each unlink the other's new one.
 */
async function takeOver(dir: string, sock: string): Promise<net.Server | 'retry'> {
  const guard = `${sock}.takeover`;
  for (;;) {
    try {
      fs.writeFileSync(guard, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      try {
        if (Date.now() - fs.statSync(guard).mtimeMs > GUARD_STALE_MS) fs.unlinkSync(guard);
      } catch { /* removed by its owner meanwhile */ }
      await sleep(20);
    }
  }
  try {
    const p = await probe(sock);
    if (p.live) throw inUse(dir, p.pid);
    if (p.code === 'ENOENT') return 'retry';
    fs.rmSync(sock, { force: true });
    // A plain bind by a third starter may land between the unlink and this bind: then it holds the lock.
    return await listen(sock).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') throw inUse(dir);
      throw err;
    });
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

/** Binds the lock socket, taking over a dead holder's; throws FolderInUseError if a live process holds it. */
async function lockAt(dir: string, sock: string): Promise<net.Server> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await listen(sock);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
    const taken = await takeOver(dir, sock);
    if (taken !== 'retry') return taken;
  }
  throw new Error(`Could not lock the database folder ${dir}`);
}

/**
 * PGlite has no lock of its own and two processes on one folder lose writes silently, so the
 * folder is locked by a Unix socket its process listens on. The OS closes it when the process
 * dies however it dies (kill -9 included): a starter that finds the socket file but cannot
 * connect knows the holder is gone and takes over, with no pid to misread (a pid file of a
 * crashed process whose pid was reused blocked start until deleted by hand).
 * Returns the release function (closing the server also removes the socket file).
 */
export async function acquireLock(dir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dir, { recursive: true });
  const { primary, fallback } = lockPaths(dir);
  let server: net.Server;
  if (Buffer.byteLength(primary) > MAX_SOCKET_PATH) {
    server = await lockAt(dir, fallback);
  } else {
    try {
      server = await lockAt(dir, primary);
    } catch (err) {
      // Some mounted filesystems cannot hold a socket file.
      const code = (err as NodeJS.ErrnoException).code;
      if (!code || !['EPERM', 'EACCES', 'ENOTSUP', 'EOPNOTSUPP', 'EROFS'].includes(code)) throw err;
      server = await lockAt(dir, fallback);
    }
  }
  let released: Promise<void> | undefined;
  return () => (released ??= new Promise<void>((resolve) => server.close(() => resolve())));
}
