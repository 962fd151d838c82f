import { startS3StandIn } from '../../../scripts/lib/s3-stand-in.mjs';
import { S3Storage } from '../storage/s3-storage.js';

/**
 * The S3 stand-in the scripts' tests use (a bucket on loopback that checks signatures) with an
 * S3Storage signed for it.
 */
export async function startTestBucket(options: Parameters<typeof startS3StandIn>[0] = {}) {
  const bucket = await startS3StandIn(options);
  const { S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = bucket.env;
  const config = {
    endpoint: bucket.endpoint,
    region: S3_REGION,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    publicUrl: `${bucket.endpoint}/${S3_BUCKET}`,
  };
  return {
    ...bucket,
    config,
    storage: new S3Storage(config),
    /** Makes the stored object at `key` look last written `ageMs` ago. */
    backdate(key: string, ageMs: number) {
      bucket.objects.get(key).lastModified = new Date(Date.now() - ageMs);
    },
  };
}

export type TestBucket = Awaited<ReturnType<typeof startTestBucket>>;
