import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { serverBuildOptions } from '../../../scripts/lib/server-build.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('the server bundle (npm run build)', () => {
  it('loads the S3 client and the number-words library only when they are used, not at every start', async () => {
    // The bundle as `npm run build` makes it, kept in memory, with esbuild's account of each output's imports.
    const result = await build({ ...serverBuildOptions(ROOT), write: false, metafile: true, logLevel: 'silent' });
    const imports = Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external));
    const kinds = (name: string) => [...new Set(imports.filter((i) => i.path === name).map((i) => i.kind))];
    // A static import of a package runs at start in every process; a dynamic one when its code first needs it.
    expect(kinds('@aws-sdk/client-s3')).toEqual(['dynamic-import']); // only with STORAGE_URL=s3://…
    expect(kinds('@persian-tools/persian-tools')).toEqual(['dynamic-import']); // the first printed invoice
    // What every start does need stays a plain import (the check above would pass on a bundle that imports nothing).
    expect(kinds('fastify')).toEqual(['import-statement']);
  }, 60_000);
});
