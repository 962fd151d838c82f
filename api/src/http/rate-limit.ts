import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitConfig } from '../config/env.js';
import { TooManyRequestsError } from './errors.js';

/**
 * The global limit's key: the client's address as @fastify/rate-limit keys it by default (an IPv6
 * address by its subnet). A request whose client hung up while it waited (under overload) has no
 * address left, and the default key throws on it: a 500 logged for nobody. Those share one key.
 */
export function clientAddressKey(request: { ip?: string }): string {
  return request.ip === undefined ? 'no-address' : normalizeIP(request.ip);
}

/**
 * Limits every route per client IP. Counters live in process memory: @fastify/rate-limit's shared
 * store needs ioredis, and each API process enforcing its own limit is acceptable for abuse control.
 */
export async function registerGlobalRateLimit(app: FastifyInstance, limit: RateLimitConfig): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: clientAddressKey,
    errorResponseBuilder: (_request, context) => new TooManyRequestsError(Math.ceil(context.ttl / 1000)),
  });
}

/**
 * A hook that counts requests under `key` and answers 429 with Retry-After past the limit. Unlike
 * route-level plugin limits, several of these can guard one route (e.g. per IP and per email).
 */
export function createLimiter(
  app: FastifyInstance,
  limit: RateLimitConfig,
  key: (request: FastifyRequest) => string,
): (request: FastifyRequest) => Promise<void> {
  const check = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: key });
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded)
      throw new TooManyRequestsError(Math.max(result.ttlInSeconds, 1));
  };
}
