import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** True when the client's If-None-Match names this entity tag (weak or strong) or any (`*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate === etag || candidate === `W/${etag}`;
  });
}

/** The strong entity tag of a body: its hash. */
export function entityTag(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * For an answer whose body is its version: tags it with an ETag hashed from the body and the given
 * Cache-Control, and turns it into an empty 304 when the client already holds that version. Returns
 * what to send (an onSend hook's payload).
 */
export function revalidated(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: string,
  cacheControl: string,
): string | null {
  const etag = entityTag(payload);
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (!matchesEtag(request.headers['if-none-match'], etag)) return payload;
  reply.code(304).removeHeader('content-type');
  return null;
}
