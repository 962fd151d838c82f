import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** True when the client's If-None-Match names this entity tag (weak or strong) or any (`*`). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate === etag || candidate === `W/${etag}`;
  });
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
  const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (!matchesEtag(request.headers['if-none-match'], etag)) return payload;
  reply.code(304).removeHeader('content-type');
  return null;
}
