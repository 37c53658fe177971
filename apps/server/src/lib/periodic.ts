/**
 * Runs `job` every `intervalMs` on an unref'd timer (and once at once with `runNow`), never two at a
 * time; `stop()` ends the timer and waits for a run in progress. A failing run goes to `onError`.
 */
export function startPeriodic(job: () => Promise<void>, intervalMs: number, onError: (err: unknown) => void, opts: { runNow?: boolean } = {}) {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = job().catch(onError).finally(() => { running = undefined; });
  };
  if (opts.runNow) run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
