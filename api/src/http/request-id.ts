import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header that carries a request's id, both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';

// What a proxy's id may look like: enough for UUIDs and the usual trace formats, nothing that could
// forge a log line or a header.
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Fastify's `genReqId`: behind a trusted proxy (TRUST_PROXY set) the proxy's own `X-Request-Id` is
 * kept so one id follows the request through both logs; otherwise, or when it looks wrong, a fresh
 * UUID. Fastify puts the id into every log line of the request (`reqId`).
 */
export function requestIdGenerator(trustProxy: boolean | string): (request: IncomingMessage) => string {
  return (request) => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    if (trustProxy && typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
    return randomUUID();
  };
}

/** Every response names its request, so a user can quote it and support can find its log lines. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
