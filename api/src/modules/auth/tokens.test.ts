import { describe, expect, it } from 'vitest';
import {
  classifyRefreshToken,
  createAccessTokens,
  generateRefreshToken,
  hashRefreshToken,
} from './tokens.js';

const now = new Date('2030-01-01T12:00:00Z');
const later = new Date('2030-01-31T12:00:00Z');

describe('refresh token rules', () => {
  it('treat an unknown token as invalid', () => {
    expect(classifyRefreshToken(undefined, now)).toBe('invalid');
  });

  it('accept a live token once', () => {
    expect(classifyRefreshToken({ expiresAt: later, revokedAt: null }, now)).toBe('valid');
  });

  it('treat a rotated or revoked token as reuse, even after it expired', () => {
    expect(classifyRefreshToken({ expiresAt: later, revokedAt: now }, now)).toBe('reused');
    expect(classifyRefreshToken({ expiresAt: now, revokedAt: now }, later)).toBe('reused');
  });

  it('treat an expired token as invalid', () => {
    expect(classifyRefreshToken({ expiresAt: now, revokedAt: null }, now)).toBe('invalid');
  });

  it('store only a hash of 32 random bytes', () => {
    const { token, hash } = generateRefreshToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toBe(hashRefreshToken(token));
    expect(hash).not.toContain(token);
  });
});

describe('access tokens', () => {
  const tokens = createAccessTokens('s'.repeat(48));

  it('carry the user id as subject', async () => {
    expect(await tokens.verify(await tokens.sign('user-1'))).toBe('user-1');
  });

  it('are rejected when tampered with or signed with another secret', async () => {
    const token = await tokens.sign('user-1');
    const [header, payload, signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'user-2', iss: 'carmarket' })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    expect(await createAccessTokens('t'.repeat(48)).verify(token)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}`)).toBeNull();
    expect(await tokens.verify(undefined)).toBeNull();
  });
});
