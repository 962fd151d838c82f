import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `task` every `intervalMs` inside the server, one run at a time (the next is timed from the
 * end of the last), until stopped. A failing run is logged and the next one still comes. The timer
 * does not keep the process alive.
 */
export function every(
  intervalMs: number,
  task: () => Promise<unknown>,
  log: FastifyBaseLogger,
  name: string,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = () => {
    timer = setTimeout(() => {
      running = task()
        .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
        .finally(() => {
          if (!stopped) schedule();
        });
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
