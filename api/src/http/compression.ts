import { gzipSync } from 'node:zlib';

/** Responses from this size on are compressed (app.ts registers @fastify/compress with it). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Whether an Accept-Encoding header takes gzip (named, or `*`, without q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    return (coding === 'gzip' || coding === '*') && !refused;
  });
}

/**
 * gzip copies of answers sent again unchanged, kept by a key (an ETag, or the body itself), so each
 * is compressed once rather than per request; past `maxCopies` the copies start afresh. A client
 * that takes gzip gets the copy with `content-encoding: gzip`, which the compress plugin leaves alone.
 */
export class GzipCopies {
  private readonly copies = new Map<string, Buffer>();

  constructor(private readonly maxCopies: number) {}

  of(key: string, body: string): Buffer {
    let copy = this.copies.get(key);
    if (copy === undefined) {
      copy = gzipSync(body);
      if (this.copies.size >= this.maxCopies) this.copies.clear();
      this.copies.set(key, copy);
    }
    return copy;
  }
}
