/**
 * Runs `job` every `intervalMs` on an unref'd timer (the first time after `firstAfterMs`, by default one
 * interval), never two at a time; `stop()` ends the timers and waits for a run in progress. A failing run
 * goes to `onError`.
 */
export function startPeriodic(job: () => Promise<void>, intervalMs: number, onError: (err: unknown) => void, opts: { firstAfterMs?: number } = {}) {
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    if (running || stopped) return;
    running = job().catch(onError).finally(() => { running = undefined; });
  };
  const first = setTimeout(() => {
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  }, opts.firstAfterMs ?? intervalMs);
  first.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
