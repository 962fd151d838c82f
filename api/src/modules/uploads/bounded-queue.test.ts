import { describe, expect, it } from 'vitest';
import { BoundedQueue } from './bounded-queue.js';

/** A task that runs until `finish` is called, noting when it starts. */
function pendingTask(started: number[], index: number) {
  let finish!: () => void;
  const done = new Promise<number>((resolve) => (finish = () => resolve(index)));
  return { task: () => (started.push(index), done), finish: () => finish() };
}

describe('BoundedQueue', () => {
  it('runs at most its limit at once and starts the waiting ones in the order they came', async () => {
    const queue = new BoundedQueue(2);
    const started: number[] = [];
    const tasks = [0, 1, 2, 3].map((index) => pendingTask(started, index));
    const results = tasks.map(({ task }) => queue.run(task));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.queued).toBe(2);

    tasks[1]!.finish();
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);

    tasks[0]!.finish();
    tasks[2]!.finish();
    tasks[3]!.finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
    expect(queue.queued).toBe(0);
  });

  it('frees the place of a task that fails', async () => {
    const queue = new BoundedQueue(1);
    await expect(queue.run(() => Promise.reject(new Error('damaged photo')))).rejects.toThrow(
      'damaged photo',
    );
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
