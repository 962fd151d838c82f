import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { TYPING_INDICATOR_EXPIRY_MS } from '@carmarket/shared';
import { useLiveStore } from './live-store';

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('live messaging store', () => {
  it('shows the typing indicator until the other side stops, or by itself after the spec delay', () => {
    useLiveStore.getState().setTyping('c1', true);
    expect(useLiveStore.getState().typing.c1).toBe(true);

    jest.advanceTimersByTime(TYPING_INDICATOR_EXPIRY_MS - 1);
    expect(useLiveStore.getState().typing.c1).toBe(true);
    jest.advanceTimersByTime(1);
    expect(useLiveStore.getState().typing.c1).toBe(false);
  });

  it('restarts the delay when typing goes on, and stops at once when told', () => {
    useLiveStore.getState().setTyping('c2', true);
    jest.advanceTimersByTime(TYPING_INDICATOR_EXPIRY_MS - 100);
    useLiveStore.getState().setTyping('c2', true);
    jest.advanceTimersByTime(TYPING_INDICATOR_EXPIRY_MS - 100);
    expect(useLiveStore.getState().typing.c2).toBe(true);
    useLiveStore.getState().setTyping('c2', false);
    expect(useLiveStore.getState().typing.c2).toBe(false);
  });

  it('merges presence updates instead of replacing what is known', () => {
    useLiveStore.getState().mergePresence({ u1: { online: true } } as never);
    useLiveStore.getState().mergePresence({ u2: { online: false } } as never);
    expect(Object.keys(useLiveStore.getState().presence).sort()).toEqual(['u1', 'u2']);
  });
});
