/**
 * Wraps `run` so that concurrent callers share its runs, while each caller still gets a run that
 * started after its own call: a caller joins the run queued behind the one in flight (which may have
 * started before whatever the caller must observe), never the one in flight itself. So at most one
 * runs and one waits, however many callers arrive.
 */
export function coalesce(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const start = () => {
    const p = run();
    running = p;
    p.then(() => {}, () => {}).then(() => {
      if (running === p) running = undefined;
    });
    return p;
  };
  return () => {
    if (!running) return start();
    queued ??= running.then(() => {}, () => {}).then(() => {
      queued = undefined;
      return start();
    });
    return queued;
  };
}
