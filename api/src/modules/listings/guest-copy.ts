import type { Listing } from '@carmarket/shared/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip, COMPRESS_THRESHOLD_BYTES, GzipCopies } from '../../http/compression.js';
import { ok } from '../../http/envelope.js';
import { entityTag, matchesEtag } from '../../http/etag.js';

interface GuestBody {
  json: string;
  etag: string;
}

/**
 * A guest's answer object stays the same until the listing or its unstored views change
 * (ListingPageCache), so its body and ETag are made once for it, and dropped with it.
 */
const bodies = new WeakMap<Listing, GuestBody>();

/**
 * gzip copies by ETag, so a body is compressed once (gzip is most of a cached read's CPU otherwise:
 * about 60 µs of 4 KB, for 20 µs of JSON), and a page read again ahead of its end, a new object with
 * the same JSON, keeps its copy (docs/benchmarks.md). About 1.5 KB each.
 */
const gzipCopies = new GzipCopies(5_000);

function guestBody(listing: Listing): GuestBody {
  let body = bodies.get(listing);
  if (!body) {
    const json = JSON.stringify(ok(listing));
    body = { json, etag: entityTag(json) };
    bodies.set(listing, body);
  }
  return body;
}

/**
 * Sends a guest's copy of a listing page: the same for every guest, so a browser or proxy may keep
 * it and revalidate with If-None-Match (any edit, photo, price move or counted view changes the
 * ETag). A client that takes gzip gets the kept gzip copy (the compress plugin leaves an encoded
 * answer alone); any other gets the JSON, which the plugin compresses as it would otherwise.
 */
export function sendGuestCopy(request: FastifyRequest, reply: FastifyReply, listing: Listing): FastifyReply {
  const body = guestBody(listing);
  reply
    .header('vary', 'authorization, accept-encoding')
    .header('cache-control', 'public, no-cache')
    .header('etag', body.etag);
  if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (body.json.length < COMPRESS_THRESHOLD_BYTES || !acceptsGzip(request.headers['accept-encoding'])) {
    return reply.send(body.json);
  }
  return reply.header('content-encoding', 'gzip').send(gzipCopies.of(body.etag, body.json));
}
