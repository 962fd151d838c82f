import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_S } from '@carmarket/shared/constants';
import { SignJWT, jwtVerify } from 'jose';
import type { AccessTokenVerifier } from '../../http/authenticate.js';

const ISSUER = 'carmarket';
// Pinned on verification: a token signed with any other algorithm (or none) is rejected.
const ALGORITHM = 'HS256';

export interface AccessTokens extends AccessTokenVerifier {
  sign(userId: string): Promise<string>;
}

export function createAccessTokens(secret: string): AccessTokens {
  // Imported once: given the secret's bytes, jose imports a key for every token it signs or checks,
  // which was a third of a check's CPU (docs/benchmarks.md, a burst of sockets connecting).
  const keyPromise = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    sign: async (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
        .sign(await keyPromise),
    async verify(token) {
      if (!token) return null;
      try {
        const { payload } = await jwtVerify(token, await keyPromise, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
        });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}

/** An opaque refresh token (32 random bytes) and the hash under which it is stored. */
export function generateRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

// The token carries 256 random bits, so a plain SHA-256 is enough to make a leaked table useless.
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface StoredRefreshToken {
  expiresAt: Date;
  revokedAt: Date | null;
}

/**
 * What presenting a refresh token means:
 * - 'valid': rotate it;
 * - 'reused': it was already rotated or revoked, so someone holds a copy: revoke its whole family;
 * - 'invalid': unknown or expired.
 */
export function classifyRefreshToken(
  stored: StoredRefreshToken | undefined,
  now: Date,
): 'valid' | 'reused' | 'invalid' {
  if (!stored) return 'invalid';
  if (stored.revokedAt) return 'reused';
  if (stored.expiresAt.getTime() <= now.getTime()) return 'invalid';
  return 'valid';
}
