// A child process of the API that encodes uploaded photos, one at a time. Its argument is the pool's
// priority: at 'low' (the lowest CPU priority), with every core busy, the API's requests run first
// and the encodes take what is left.
import { access } from 'node:fs/promises';
import { encodeUploadedPhoto } from './photo-files.js';
import { lowerEveryThread } from './thread-priority.js';
import type { PhotoEncoderPriority } from '../../config/env.js';
import type { EncodeRequest, WorkerMessage } from './photo-encoder-pool.js';

// The API decides when encoding stops: a SIGTERM or Ctrl-C sent to the whole process group must not
// cut the encodes that its graceful shutdown waits for. Once the API is gone (its channel closes,
// even after a SIGKILL), so is this process.
process.on('SIGTERM', () => undefined);
process.on('SIGINT', () => undefined);
process.on('disconnect', () => process.exit(0));

const reply = (message: WorkerMessage) => process.send?.(message);

/** Whether the file is gone (a photo deleted meanwhile takes its original along). */
const isGone = (file: string) =>
  access(file).then(
    () => false,
    (error: NodeJS.ErrnoException) => error.code === 'ENOENT',
  );

process.on('message', async ({ originalFile }: EncodeRequest) => {
  try {
    // libvips reads the original itself: it needs the file's name to decode a JPEG at a smaller scale.
    reply({ encoded: await encodeUploadedPhoto(originalFile) });
  } catch (error) {
    if (await isGone(originalFile)) return reply({ missing: true });
    reply({ error: (error as Error).message });
  }
});

// The API sends its first photo once told, so nothing arrives before the handler or at full priority.
if ((process.argv[2] as PhotoEncoderPriority) === 'low') await lowerEveryThread();
reply({ ready: true });
