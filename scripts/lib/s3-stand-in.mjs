// A bucket on loopback for tests of S3 photo storage: path-style PUT, GET, HEAD and DELETE of one
// object, objects kept in memory. Writes must carry a valid Signature Version 4 for the given keys
// (as S3 checks them); reads are anonymous, as a public bucket serves photos to browsers.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { AwsV4Signer } from 'aws4fetch';

const sha256Hex = (data) => createHash('sha256').update(data).digest('hex');

/**
 * Starts the stand-in for `bucket`; answers its `endpoint`, the S3_* variables a server needs to
 * use it, its `objects` (key → { body, contentType }) and `stop()`.
 */
export async function startS3StandIn({ bucket = 'photos', region = 'us-east-1' } = {}) {
  const accessKeyId = 'stand-in-key';
  const secretAccessKey = 'stand-in-secret';
  const objects = new Map();
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
      const prefix = `/${bucket}/`;
      const key = req.url.startsWith(prefix)
        ? req.url.slice(prefix.length).split('/').map(decodeURIComponent).join('/')
        : undefined;
      const reading = req.method === 'GET' || req.method === 'HEAD';
      if (!key || (!reading && !(await signatureMatches(req, body)))) {
        res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: req.headers['content-type'] });
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
