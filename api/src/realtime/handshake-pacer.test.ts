import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  BUSY_LOOP_UTILIZATION,
  BUSY_TICK_HANDSHAKES,
  HandshakePacer,
  IDLE_TICK_HANDSHAKES,
  PACER_TICK_MS,
} from './handshake-pacer.js';

/** Keeps this process's event loop running JavaScript for `ms`, letting timers in every 10 ms. */
async function keepLoopBusy(ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const sliceEnd = Math.min(until, performance.now() + 10);
    while (performance.now() < sliceEnd) {
      // spinning: the loop counts as running
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Runs `check` on a new pacer once a spell of three ticks, watched from the pacer's start, was quiet
 * by our own reading: other test files share this process and may keep its loop busy for a moment
 * (an app closing).
 */
async function withQuietLoop(check: (pacer: HandshakePacer) => Promise<void> | void): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const pacer = new HandshakePacer();
    const before = performance.eventLoopUtilization();
    await sleep(PACER_TICK_MS * 3);
    const quiet = performance.eventLoopUtilization(before).utilization < BUSY_LOOP_UTILIZATION / 2;
    try {
      if (quiet) return await check(pacer);
    } finally {
      pacer.close();
    }
  }
  throw new Error('the event loop was never quiet for three ticks');
}

describe('HandshakePacer', () => {
  it('lets a handshake through at once while the event loop has room', async () => {
    await withQuietLoop((pacer) => {
      let admitted = false;
      pacer.admit(() => (admitted = true));
      expect(admitted).toBe(true);
    });
  });

  it('lets a tick’s worth through at once while the loop has room, and the rest of a burst on the next ticks', async () => {
    await withQuietLoop(async (pacer) => {
      const admitted: number[] = [];
      const burst = 2 * IDLE_TICK_HANDSHAKES + 10;
      for (let handshake = 0; handshake < burst; handshake += 1) pacer.admit(() => admitted.push(handshake));
      // A message arriving behind a burst waits for a tick's worth of handshakes, not for all of them.
      expect(admitted).toHaveLength(IDLE_TICK_HANDSHAKES);
      const deadline = performance.now() + 5_000;
      while (admitted.length < burst && performance.now() < deadline) await sleep(PACER_TICK_MS);
      expect(admitted).toEqual(Array.from({ length: burst }, (_, handshake) => handshake));
    });
  });

  it('holds handshakes while the loop is busy, lets a few through each tick in order, and the rest once it is not', async () => {
    const pacer = new HandshakePacer();
    const admitted: number[] = [];
    const batches: number[] = [];
    const busy = keepLoopBusy(300);
    await sleep(PACER_TICK_MS * 3);
    for (let handshake = 0; handshake < 40; handshake += 1) pacer.admit(() => admitted.push(handshake));
    expect(admitted).toEqual([]);

    // Count what each tick lets through while the loop stays busy.
    let seen = 0;
    const counting = setInterval(() => {
      if (admitted.length > seen) batches.push(admitted.length - seen);
      seen = admitted.length;
    }, 1);
    await busy;
    clearInterval(counting);
    expect(batches.length).toBeGreaterThan(0);
    for (const batch of batches) expect(batch).toBeLessThanOrEqual(BUSY_TICK_HANDSHAKES);

    const deadline = performance.now() + 5_000;
    while (admitted.length < 40 && performance.now() < deadline) await sleep(PACER_TICK_MS);
    expect(admitted).toEqual(Array.from({ length: 40 }, (_, handshake) => handshake));
    pacer.close();
  });

  it('lets every waiting handshake through when closed', async () => {
    const pacer = new HandshakePacer();
    const busy = keepLoopBusy(100);
    await sleep(PACER_TICK_MS * 2);
    let admitted = 0;
    for (let handshake = 0; handshake < 30; handshake += 1) pacer.admit(() => (admitted += 1));
    pacer.close();
    expect(admitted).toBe(30);
    await busy;
  });
});
