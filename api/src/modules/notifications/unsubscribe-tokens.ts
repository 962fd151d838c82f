import { createHmac } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

const ALGORITHM = 'HS256';
const AUDIENCE = 'carmarket:unsubscribe';

/**
 * Signed links that stop the saved-search mail without signing in. The key is derived from the
 * site's secret for this one purpose, so such a token can never pass as an access token (nor the
 * reverse). It does not expire: an old digest's link must still work.
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update(AUDIENCE).digest();
  const signer = createSigner({ key, algorithm: ALGORITHM, aud: AUDIENCE, noTimestamp: true });
  const verifier = createVerifier({ key, algorithms: [ALGORITHM], allowedAud: AUDIENCE });
  return {
    sign: async (userId: string) => signer({ sub: userId }),
    /** The user id, or null for a token that is malformed, forged or for something else. */
    async verify(token: string): Promise<string | null> {
      try {
        const subject = (verifier(token) as { sub?: unknown }).sub;
        return typeof subject === 'string' ? subject : null;
      } catch {
        return null;
      }
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
