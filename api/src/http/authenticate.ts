import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthorizedError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, set by `requireUser` or `identifyUser`; null for guests. */
    userId: string | null;
  }
  interface FastifyInstance {
    /** preHandler for protected routes: 401 without a valid bearer access token. */
    requireUser(request: FastifyRequest): Promise<void>;
    /** preHandler for public routes that show more to a signed-in caller (e.g. isFavorite). */
    identifyUser(request: FastifyRequest): Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const [scheme, token] = request.headers.authorization?.split(' ') ?? [];
  return scheme?.toLowerCase() === 'bearer' ? token : undefined;
}

/** The caller's id on a route guarded by `requireUser`. */
export function currentUserId(request: FastifyRequest): string {
  if (!request.userId) throw new UnauthorizedError();
  return request.userId;
}

/** Checks a bearer access token: its user id, or null for a missing, malformed, forged or expired one. */
export interface AccessTokenVerifier {
  verify(token: string | undefined): Promise<string | null>;
}

export const authenticate = fp<{ accessTokens: AccessTokenVerifier }>(
  async (app: FastifyInstance, { accessTokens }) => {
    app.decorateRequest('userId', null);

    async function verify(request: FastifyRequest, token: string | undefined) {
      request.userId = await accessTokens.verify(token);
      if (!request.userId) throw new UnauthorizedError('Invalid or expired access token', 'INVALID_TOKEN');
    }

    app.decorate('requireUser', (request: FastifyRequest) => verify(request, bearerToken(request)));

    // Without credentials the caller is a guest; credentials that fail still answer 401, so the
    // client refreshes its token instead of silently seeing the guest view.
    app.decorate('identifyUser', async (request: FastifyRequest) => {
      if (request.headers.authorization !== undefined) await verify(request, bearerToken(request));
    });
  },
  { name: 'authenticate' },
);
