import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ALGORITHM = 'HS256';
const AUDIENCE = 'carmarket:unsubscribe';

/**
 * Signed links that stop the saved-search mail without signing in. The key is derived from the
 * site's secret for this one purpose, so such a token can never pass as an access token (nor the
 * reverse). It does not expire: an old digest's link must still work.
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update(AUDIENCE).digest();
  return {
    sign: (userId: string) =>
      new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(userId)
        .setAudience(AUDIENCE)
        .sign(key),
    /** The user id, or null for a token that is malformed, forged or for something else. */
    async verify(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], audience: AUDIENCE });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
