import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_S } from '@carmarket/shared/constants';
import { createSigner, createVerifier } from 'fast-jwt';
import type { AccessTokenVerifier } from '../../http/authenticate.js';

const ISSUER = 'carmarket';
// Pinned on verification: a token signed with any other algorithm (or none) is rejected.
const ALGORITHM = 'HS256';

export interface AccessTokens extends AccessTokenVerifier {
  sign(userId: string): Promise<string>;
}

/**
 * Access tokens are checked on every signed-in request and every live connection's handshake, so by
 * fast-jwt, which computes the HMAC with node:crypto in place: 4–6 µs of CPU a check where jose's,
 * through WebCrypto and the thread pool, took 36–44 µs and was about 15 % of the API's busy time while
 * 2,000 users connected (docs/benchmarks.md, "Presence").
 */
export function createAccessTokens(secret: string): AccessTokens {
  const signer = createSigner({
    key: secret,
    algorithm: ALGORITHM,
    iss: ISSUER,
    expiresIn: ACCESS_TOKEN_TTL_S * 1000,
  });
  const verifier = createVerifier({ key: secret, algorithms: [ALGORITHM], allowedIss: ISSUER });
  return {
    sign: async (userId) => signer({ sub: userId }),
    async verify(token) {
      if (!token) return null;
      try {
        const subject = (verifier(token) as { sub?: unknown }).sub;
        return typeof subject === 'string' ? subject : null;
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
