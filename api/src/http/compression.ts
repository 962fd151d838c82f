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
