import { readdir } from 'node:fs/promises';
import { constants, setPriority } from 'node:os';

/** Gives each of these threads (or processes) the lowest CPU priority; one that has ended is skipped. */
export function lowerPriorities(threadIds: readonly number[]): void {
  for (const id of threadIds) {
    try {
      setPriority(id, constants.priority.PRIORITY_LOW);
    } catch (error) {
      // Ended since it was listed (ESRCH): nothing is left to lower.
      if ((error as { info?: { code?: string } }).info?.code !== 'ESRCH') throw error;
    }
  }
}

/**
 * Linux keeps a priority per thread, and a new thread takes its creator's: every thread this process
 * has (libuv's pool, which starts libvips' threads, included) is lowered. Elsewhere the process's.
 */
export async function lowerEveryThread(): Promise<void> {
  const threads = await readdir('/proc/self/task').catch(() => [String(process.pid)]);
  lowerPriorities(threads.map(Number));
}
