import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** Above this share of a tick spent running (not waiting for I/O), the event loop counts as busy. */
export const BUSY_LOOP_UTILIZATION = 0.6;
/** How often the loop's utilization is read while handshakes wait. */
export const PACER_TICK_MS = 20;
/**
 * Handshakes let through a tick while the loop is busy: 600 a second, so 5,000 users still connect
 * within 10 s however loaded the process is (each handshake costs about 0.4 ms of CPU).
 */
export const BUSY_TICK_HANDSHAKES = 12;
/**
 * And while it is not: a tick's worth at most (about 20 ms of CPU), so the next reading sees what
 * they cost. This also bounds the handshakes let through at once between two readings: a burst that
 * arrived within one tick was all let through, and a message behind it waited for every one.
 */
export const IDLE_TICK_HANDSHAKES = 50;

/**
 * Paces new sockets' handshakes while the event loop is busy, so that a burst of connections (a
 * deploy's reconnections, the evening's sign-ins) leaves room for the requests and live events of
 * the users already here: a message sent during a burst of 5,000 connections waited behind
 * handshakes at every step of its way (docs/benchmarks.md, "Presence"). When the loop is not busy a
 * handshake goes at once; when it is, handshakes wait in the order they came and a few go each tick.
 */
export class HandshakePacer {
  private readonly waiting: Array<() => void> = [];
  private timer: NodeJS.Timeout | undefined;
  private reading: EventLoopUtilization = performance.eventLoopUtilization();
  private readAt = performance.now();
  private busy = false;
  /** Handshakes let through since the last reading of the loop. */
  private admittedSinceReading = 0;

  /** Calls `proceed` now if the loop has room, or in its turn once it has. */
  admit(proceed: () => void): void {
    if (this.waiting.length === 0 && !this.loopIsBusy() && this.admittedSinceReading < IDLE_TICK_HANDSHAKES) {
      this.admittedSinceReading += 1;
      return proceed();
    }
    this.waiting.push(proceed);
    this.timer ??= setInterval(() => this.release(), PACER_TICK_MS);
  }

  /** Lets every waiting handshake through (the server is closing: they are refused there). */
  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const proceed of this.waiting.splice(0)) proceed();
  }

  private release(): void {
    const count = this.loopIsBusy() ? BUSY_TICK_HANDSHAKES : IDLE_TICK_HANDSHAKES;
    const released = this.waiting.splice(0, count);
    // They count against the handshakes let through at once until the next reading.
    this.admittedSinceReading += released.length;
    for (const proceed of released) proceed();
    if (this.waiting.length === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** The loop's utilization since the last reading, read again at most once a tick. */
  private loopIsBusy(): boolean {
    const now = performance.now();
    if (now - this.readAt >= PACER_TICK_MS) {
      const reading = performance.eventLoopUtilization();
      this.busy =
        performance.eventLoopUtilization(reading, this.reading).utilization >= BUSY_LOOP_UTILIZATION;
      this.reading = reading;
      this.readAt = now;
      this.admittedSinceReading = 0;
    }
    return this.busy;
  }
}
