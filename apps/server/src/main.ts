import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { mountWeb } from './web.js';
import { seedDemoIfEmpty } from './seed/demo.js';

let config;
try {
  config = readConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const app = await buildApp(config).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
if (config.SEED_DEMO) await seedDemoIfEmpty(app);
await mountWeb(app);
await app.listen({ port: config.PORT, host: config.HOST });

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(() => { clearTimeout(force); process.exit(0); }, () => process.exit(1));
  });
}
