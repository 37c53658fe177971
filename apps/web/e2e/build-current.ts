import path from 'node:path';
import { serverBuildIsCurrent } from '../../../scripts/lib/server-build.js';
import { webBuildIsCurrent } from '../../../scripts/lib/web-build.js';

/**
 * Playwright's global setup: the journeys run the server bundle and the web build as they are, and one older than
 * the sources would test old code. Here, not in the config, so tools that only read the config (knip) load it on a
 * clean clone that has built nothing yet.
 */
export default function buildIsCurrent(): void {
  const root = path.resolve(import.meta.dirname, '../../..');
  if (!serverBuildIsCurrent(root) || !webBuildIsCurrent(root)) {
    throw new Error('the production build is older than the sources: run `npm run build` first (`npm run test:e2e` does)');
  }
}
