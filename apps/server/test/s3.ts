import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Config } from '../src/config.js';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The configuration that puts a server's uploads in this bucket, under `prefix`. */
  config(prefix?: string): Partial<Config>;
  /** Ages an object as time would: S3's Last-Modified (s3rver takes it from its file's mtime). Our own mtime is `touch`'s. */
  age(fullKey: string, when: Date): void;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on a loopback port of its own, with one empty bucket, files in a temporary folder. */
export async function startS3(opts: { port?: number; bucket?: string } = {}): Promise<TestS3> {
  const bucket = opts.bucket ?? 'sorkhab-test';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorkhab-s3-'));
  const server = new S3rver({
    address: '127.0.0.1', port: opts.port ?? 0, silent: true, directory: dir, configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    config: (prefix) => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1',
      // s3rver's built-in account.
      S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: true,
    }),
    age(fullKey, when) {
      const parts = fullKey.split('/');
      fs.utimesSync(path.join(dir, bucket, ...parts.slice(0, -1), `${parts.at(-1)}._S3rver_object`), when, when);
    },
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
