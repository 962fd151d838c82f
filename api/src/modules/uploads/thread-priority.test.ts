import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { lowerPriorities } from './thread-priority.js';

describe('lowerPriorities', () => {
  it('lowers each one to the lowest priority, and skips one that ended after it was listed', async () => {
    const ended = spawn(process.execPath, ['-e', '']);
    await once(ended, 'exit');
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      expect(() => lowerPriorities([ended.pid!, running.pid!])).not.toThrow();
      expect(getPriority(running.pid!)).toBe(19);
    } finally {
      running.kill();
    }
  });
});
