import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@carmarket/shared/constants';

/** A uniformly random numeric code from the CSPRNG, zero-padded (e.g. '004211'). */
export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * Codes have only a million values, so a plain hash would be reversed instantly from a leaked
 * table; a keyed HMAC bound to the email is not.
 */
export function hashCode(key: string, email: string, code: string): string {
  return createHmac('sha256', key).update(`${email}\n${code}`).digest('hex');
}

export function codeMatches(key: string, email: string, code: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashCode(key, email, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}

/** Whole seconds until another code may be sent, or 0 when it may be sent now. */
export function secondsUntilResend(lastSentAt: Date, now: Date, intervalMs: number): number {
  const waitMs = lastSentAt.getTime() + intervalMs - now.getTime();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}
