import { describe, expect, it } from 'vitest';
import { codeMatches, generateCode, hashCode, secondsUntilResend } from './one-time-code.js';

const KEY = 'code-key';

describe('one-time codes', () => {
  it('are 6 digits, zero-padded', () => {
    const codes = Array.from({ length: 500 }, generateCode);
    codes.forEach((code) => expect(code).toMatch(/^\d{6}$/));
    expect(new Set(codes).size).toBeGreaterThan(490);
  });

  it('hash to a keyed digest bound to the email', () => {
    const hash = hashCode(KEY, 'a@example.com', '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(hashCode('other-key', 'a@example.com', '123456'));
    expect(hash).not.toBe(hashCode(KEY, 'b@example.com', '123456'));
  });

  it('match only the same code for the same email', () => {
    const stored = hashCode(KEY, 'a@example.com', '123456');
    expect(codeMatches(KEY, 'a@example.com', '123456', stored)).toBe(true);
    expect(codeMatches(KEY, 'a@example.com', '123457', stored)).toBe(false);
    expect(codeMatches(KEY, 'b@example.com', '123456', stored)).toBe(false);
    expect(codeMatches(KEY, 'a@example.com', '123456', 'abcd')).toBe(false);
  });
});

describe('secondsUntilResend', () => {
  const sentAt = new Date('2030-01-01T12:00:00Z');
  const after = (ms: number) => new Date(sentAt.getTime() + ms);

  it.each([
    [0, 60],
    [1, 60],
    [59_001, 1],
    [60_000, 0],
    [120_000, 0],
  ])('%d ms after sending → %d s', (elapsed, expected) => {
    expect(secondsUntilResend(sentAt, after(elapsed), 60_000)).toBe(expected);
  });
});
