import type { Readable } from 'node:stream';
import type { Storage } from './storage.js';

export interface S3Options {
  bucket: string;
  /** Keys are stored under `prefix/` (no leading or trailing slash); empty for the bucket's root. */
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** The Content-Type stored with each object (a CDN in front of the bucket itself serves it). */
  contentType(key: string): string;
  /** The Cache-Control stored with each object. */
  cacheControl: string;
}

/** One object as GET /uploads/ answers it: a 304, or a 200/206 with its body streamed from the store. */
export interface S3Read {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  body?: Readable;
}

export type S3Storage = Storage & {
  /** Fails with a readable message when the bucket cannot be reached with these keys (checked at start). */
  check(): Promise<void>;
  /** Reads an object for a request (its Range and conditions; only the headers for a HEAD); null when there is no such object. */
  read(key: string, request: { head: boolean; range?: string; ifNoneMatch?: string; ifModifiedSince?: Date }): Promise<S3Read | null>;
  close(): void;
};

/** Our mtime (ms), kept in the object's metadata: S3's own Last-Modified has whole seconds, and a claim must differ by 1 ms. */
const MTIME = 'mtime';

/**
 * Uploads on an S3-compatible store. A PUT is atomic (readers see the old object or the new one, whole), so there are
 * no temporary objects. The mtime the claim and the sweep rely on (media.service.ts, sweep.ts) is metadata written by
 * put and by touch, a copy of the object onto itself with new metadata (which also renews S3's Last-Modified, what a
 * listing shows; the sweep re-reads the metadata of a listed candidate before it removes anything).
 */
export async function s3Storage(opts: S3Options): Promise<S3Storage> {
  // Imported here, not at the top: the server's bundle would otherwise load the SDK (≈ 4 MB of heap, ≈ 20 MB of a
  // fresh process's memory) at every start, S3 or not (uploads.ts imports this module only when STORAGE_URL is set).
  const {
    CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command,
    PutObjectCommand, S3Client, S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  const statusOf = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);
  const notFound = (err: unknown) => statusOf(err) === 404;
  const client = new S3Client({
    endpoint: opts.endpoint, region: opts.region, forcePathStyle: opts.forcePathStyle,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
  });
  const Bucket = opts.bucket;
  const root = opts.prefix ? `${opts.prefix}/` : '';
  const written = (key: string, mtimeMs: number) => ({
    Bucket, Key: root + key, ContentType: opts.contentType(key), CacheControl: opts.cacheControl, Metadata: { [MTIME]: String(Math.round(mtimeMs)) },
  });
  const head = (key: string) => client.send(new HeadObjectCommand({ Bucket, Key: root + key })).catch((err: unknown) => {
    if (notFound(err)) return null;
    throw err;
  });

  return {
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const why = statusOf(err) === 404 ? 'no such bucket' : statusOf(err) === 403 ? 'access denied for these keys' : (err as Error).message;
        throw new Error(`Storage: bucket "${Bucket}" at ${opts.endpoint ?? `AWS ${opts.region}`} cannot be used: ${why}`);
      }
    },
    async exists(key) {
      return (await head(key)) !== null;
    },
    async put(key, data) {
      await client.send(new PutObjectCommand({ ...written(key, Date.now()), Body: data }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: root + key }));
    },
    async stat(key) {
      const h = await head(key);
      if (!h) return null;
      const mtime = Number(h.Metadata?.[MTIME]);
      return { mtimeMs: Number.isFinite(mtime) && mtime > 0 ? mtime : (h.LastModified?.getTime() ?? 0) };
    },
    async touch(key, mtimeMs) {
      const source = `${Bucket}/${(root + key).split('/').map(encodeURIComponent).join('/')}`;
      try {
        await client.send(new CopyObjectCommand({ ...written(key, mtimeMs), CopySource: source, MetadataDirective: 'REPLACE' }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: root || undefined, ContinuationToken }));
        for (const o of page.Contents ?? []) {
          if (o.Key?.startsWith(root)) yield { key: o.Key.slice(root.length), mtimeMs: o.LastModified?.getTime() ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async read(key, request) {
      const Key = root + key;
      const conditions = { Bucket, Key, IfNoneMatch: request.ifNoneMatch, IfModifiedSince: request.ifModifiedSince };
      try {
        const res = request.head
          ? await client.send(new HeadObjectCommand(conditions))
          : await client.send(new GetObjectCommand({ ...conditions, Range: request.range }));
        const headers: Record<string, string> = { 'accept-ranges': 'bytes' };
        if (res.ETag) headers.etag = res.ETag;
        if (res.LastModified) headers['last-modified'] = res.LastModified.toUTCString();
        if (res.ContentLength !== undefined) headers['content-length'] = String(res.ContentLength);
        if (res.ContentRange) headers['content-range'] = res.ContentRange;
        return { status: res.ContentRange ? 206 : 200, headers, body: 'Body' in res ? res.Body as Readable : undefined };
      } catch (err) {
        const status = statusOf(err);
        if (status === 304 || status === 416) return { status, headers: {} };
        if (status === 404) return null;
        throw err;
      }
    },
    close() {
      client.destroy();
    },
  };
}
