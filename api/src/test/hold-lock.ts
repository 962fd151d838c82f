import type { Database } from '../db/client.js';

/**
 * Holds `lock` through `database` as another process's long job would (Database.alone): resolves
 * once it is held; `finish` ends the job, `done` is its end.
 */
export async function holdLock(database: Database, lock: number) {
  let finish!: () => void;
  let held!: () => void;
  const locked = new Promise<void>((resolve) => (held = resolve));
  const done = database.alone(lock, () => {
    held();
    return new Promise<void>((resolve) => (finish = resolve));
  });
  await locked;
  return { done, finish };
}
