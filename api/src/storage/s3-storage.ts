import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../config/env.js';
import { IMMUTABLE } from '../http/cache-control.js';
import type { PhotoStorage } from './photo-storage.js';

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Photos in an S3 bucket (AWS, or any S3-compatible server at S3_ENDPOINT) through calls signed by
 * aws4fetch (Signature Version 4): PUT, HEAD and DELETE of one object, GET for backups, and
 * ListObjectsV2 for the orphan sweep. Objects carry their Cache-Control, so the bucket (or a CDN in
 * front of it) serves them as immutable.
 */
export class S3Storage implements PhotoStorage {
  readonly description: string;
  private readonly client: AwsClient;

  constructor(private readonly config: S3Config) {
    this.description = `S3 bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`;
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
      service: 's3',
      // One attempt per call (aws4fetch would retry a 5xx up to ten times with backoff): a failed
      // upload answers the seller at once, who can send it again.
      retries: 0,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.send('PUT', key, body, { 'content-type': contentType, 'cache-control': IMMUTABLE }, [200]);
  }

  /** The object's bytes, or undefined when there is none. */
  async get(key: string): Promise<Buffer | undefined> {
    const response = await this.request('GET', key, undefined, {});
    if (response.status === 404) return undefined;
    if (response.status !== 200) throw await this.failure('GET', key, response);
    return Buffer.from(await response.arrayBuffer());
  }

  async exists(key: string): Promise<boolean> {
    return (await this.send('HEAD', key, undefined, {}, [200, 404])) === 200;
  }

  async delete(keys: readonly string[]): Promise<void> {
    // S3 answers 204 whether or not the object existed.
    await Promise.all(keys.map((key) => this.send('DELETE', key, undefined, {}, [200, 204])));
  }

  /**
   * ListObjectsV2 under `prefix/`, page after page (S3 answers at most 1,000 keys a page); keys are
   * filtered by age here, as S3 cannot.
   */
  async listOlderThan(prefix: string, before: number): Promise<string[]> {
    const old: string[] = [];
    let continuationToken: string | undefined;
    do {
      const url = new URL(this.bucketUrl());
      url.searchParams.set('list-type', '2');
      url.searchParams.set('prefix', `${prefix}/`);
      if (continuationToken) url.searchParams.set('continuation-token', continuationToken);
      const response = await this.signedFetch('GET', url, undefined, {});
      const text = await response.text();
      if (response.status !== 200) {
        throw new Error(`S3 list ${prefix}/ answered ${response.status}: ${text.slice(0, 300)}`);
      }
      const page = parseListPage(text);
      for (const { key, lastModified } of page.objects) if (lastModified < before) old.push(key);
      continuationToken = page.nextContinuationToken;
    } while (continuationToken);
    return old;
  }

  url(key: string): string {
    return `${this.config.publicUrl}/${encodeKey(key)}`;
  }

  /** The key of an object `url` links to, or undefined when the URL is not under the public URL. */
  keyOf(url: string): string | undefined {
    const prefix = `${this.config.publicUrl}/`;
    if (!url.startsWith(prefix)) return undefined;
    return url.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
  }

  /** The bucket's address, ending with a slash: listed as it is, an object's key appended. */
  private bucketUrl(): string {
    const { endpoint, bucket, region } = this.config;
    return endpoint ? `${endpoint}/${bucket}/` : `https://${bucket}.s3.${region}.amazonaws.com/`;
  }

  private objectUrl(key: string): URL {
    return new URL(`${this.bucketUrl()}${encodeKey(key)}`);
  }

  /** Sends one signed request; returns its status, or throws when the status is not expected. */
  private async send(
    method: string,
    key: string,
    body: Buffer | undefined,
    headers: Record<string, string>,
    expected: number[],
  ): Promise<number> {
    const response = await this.request(method, key, body, headers);
    if (!expected.includes(response.status)) throw await this.failure(method, key, response);
    if (method !== 'HEAD') await response.arrayBuffer();
    return response.status;
  }

  private request(
    method: string,
    key: string,
    body: Buffer | undefined,
    headers: Record<string, string>,
  ): Promise<Response> {
    return this.signedFetch(method, this.objectUrl(key), body, headers);
  }

  private signedFetch(
    method: string,
    url: URL,
    body: Buffer | undefined,
    headers: Record<string, string>,
  ): Promise<Response> {
    return this.client.fetch(url, {
      method,
      // aws4fetch leaves an S3 payload unsigned unless its hash is given: sign it, so the bucket
      // rejects a body altered on the way.
      headers: { ...headers, 'x-amz-content-sha256': sha256Hex(body ?? '') },
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }

  private async failure(method: string, key: string, response: Response): Promise<Error> {
    const text = method === 'HEAD' ? '' : await response.text();
    return new Error(`S3 ${method} ${key} answered ${response.status}: ${text.slice(0, 300)}`);
  }
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

interface ListPage {
  objects: { key: string; lastModified: number }[];
  /** Set while the listing has more pages. */
  nextContinuationToken: string | undefined;
}

/**
 * One ListObjectsV2 answer. Its XML is flat and fixed (Contents elements holding Key and
 * LastModified, then NextContinuationToken), so it is read with patterns rather than a parser.
 */
function parseListPage(xml: string): ListPage {
  const objects = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].map(([, contents]) => {
    const key = elementText(contents!, 'Key');
    const lastModified = Date.parse(elementText(contents!, 'LastModified') ?? '');
    if (key === undefined || Number.isNaN(lastModified)) {
      throw new Error(`S3 listing: an object without a key or a date: ${contents!.slice(0, 300)}`);
    }
    return { key, lastModified };
  });
  const truncated = elementText(xml, 'IsTruncated') === 'true';
  const nextContinuationToken = truncated ? elementText(xml, 'NextContinuationToken') : undefined;
  if (truncated && !nextContinuationToken) {
    throw new Error('S3 listing: truncated without a NextContinuationToken');
  }
  return { objects, nextContinuationToken };
}

/** The unescaped text of the first `<name>` element in `xml`, or undefined when there is none. */
function elementText(xml: string, name: string): string | undefined {
  const text = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
  return text?.replace(/&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g, (_, dec, hex, named) =>
    dec || hex ? String.fromCodePoint(parseInt(dec ?? hex, dec ? 10 : 16)) : XML_ENTITIES[named as string]!,
  );
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Encodes each path segment as S3 expects (RFC 3986), keeping the slashes. */
function encodeKey(key: string): string {
  return key
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}
