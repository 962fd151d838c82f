// A bucket on loopback for tests of S3 photo storage: path-style PUT, GET, HEAD and DELETE of one
// object, and ListObjectsV2 of the bucket, objects kept in memory. Writes and listings must carry a
// valid Signature Version 4 for the given keys (as S3 checks them); reads of one object are
// anonymous, as a public bucket serves photos to browsers but does not list them.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { AwsV4Signer } from 'aws4fetch';

const sha256Hex = (data) => createHash('sha256').update(data).digest('hex');

const escapeXml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c],
  );

/** S3 lists keys in the order of their UTF-8 bytes. */
const byBytes = (a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * A ListObjectsV2 answer: the keys under `prefix` in S3's order, after the page the continuation
 * token ends (here the last key it listed), at most `max-keys` and `pageSize` of them.
 */
function listPage(bucket, objects, query, pageSize) {
  const prefix = query.get('prefix') ?? '';
  const after = query.has('continuation-token')
    ? Buffer.from(query.get('continuation-token'), 'base64url').toString()
    : undefined;
  const size = Math.min(pageSize, Number(query.get('max-keys') ?? 1000));
  const keys = [...objects.keys()]
    .filter((key) => key.startsWith(prefix) && (after === undefined || byBytes(key, after) > 0))
    .sort(byBytes);
  const page = keys.slice(0, size);
  const truncated = keys.length > page.length;
  const contents = page.map((key) => {
    const { body, lastModified } = objects.get(key);
    return `<Contents><Key>${escapeXml(key)}</Key><LastModified>${lastModified.toISOString()}</LastModified><Size>${body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
  });
  const next = truncated
    ? `<NextContinuationToken>${Buffer.from(page.at(-1)).toString('base64url')}</NextContinuationToken>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${size}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents.join('')}${next}</ListBucketResult>`;
}

/**
 * Starts the stand-in for `bucket`; answers its `endpoint`, the S3_* variables a server needs to
 * use it, its `objects` (key → { body, contentType, lastModified: Date }), the `requests` it received
 * ({ method, url, headers }, for tests of what a client sends) and `stop()`. A listing
 * answers at most `pageSize` keys a page (S3: 1,000), so tests can make it take several.
 */
export async function startS3StandIn({ bucket = 'photos', region = 'us-east-1', pageSize = 1000 } = {}) {
  const accessKeyId = 'stand-in-key';
  const secretAccessKey = 'stand-in-secret';
  const objects = new Map();
  const requests = [];
  let endpoint;

  async function signatureMatches(req, body) {
    const [, keyId, signedHeaders, signature] =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/[^,]+, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      ) ?? [];
    if (keyId !== accessKeyId || req.headers['x-amz-content-sha256'] !== sha256Hex(body)) return false;
    const signer = new AwsV4Signer({
      method: req.method,
      url: `${endpoint}${req.url}`,
      headers: signedHeaders
        .split(';')
        .filter((name) => name !== 'host')
        .map((name) => [name, String(req.headers[name])]),
      accessKeyId,
      secretAccessKey,
      region,
      service: 's3',
      datetime: String(req.headers['x-amz-date']),
    });
    return signer.signedHeaders === signedHeaders && (await signer.signature()) === signature;
  }

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const { pathname, searchParams } = new URL(req.url, endpoint);
      const prefix = `/${bucket}/`;
      const key = pathname.startsWith(prefix)
        ? pathname.slice(prefix.length).split('/').map(decodeURIComponent).join('/')
        : undefined;
      const listing = req.method === 'GET' && !key && searchParams.get('list-type') === '2';
      const reading = !listing && (req.method === 'GET' || req.method === 'HEAD');
      requests.push({ method: req.method, url: req.url, headers: req.headers });
      if (!key && !listing) {
        res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      if (!reading && !(await signatureMatches(req, body))) {
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      if (listing) {
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(listPage(bucket, objects, searchParams, pageSize));
      } else if (req.method === 'PUT') {
        objects.set(key, { body, contentType: req.headers['content-type'], lastModified: new Date() });
        res.writeHead(200).end();
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else if (reading && objects.has(key)) {
        const object = objects.get(key);
        res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
        res.end(req.method === 'GET' ? object.body : undefined);
      } else res.writeHead(reading ? 404 : 405).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${server.address().port}`;
  return {
    endpoint,
    objects,
    requests,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
