import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BoundedQueue } from './bounded-queue.js';
import type { PhotoEncoderPriority } from '../../config/env.js';
import type { EncodedPhoto } from './photo-files.js';

export interface EncodeRequest {
  originalFile: string;
}
export type EncodeReply = { encoded: EncodedPhoto } | { missing: true } | { error: string };
/** A worker's first message: it listens, at the priority it was started with. */
export type WorkerMessage = EncodeReply | { ready: true };

/**
 * Photos encoded at once, one per worker on one libvips thread: two keep both cores of the machine
 * busy when nothing else runs, and a burst of uploads waits its turn instead of taking every core.
 */
export const PHOTO_ENCODERS = 2;

const here = fileURLToPath(import.meta.url);
/** The worker beside this module: JavaScript in a build; TypeScript, run through tsx, in the tests. */
const WORKER_FILE = path.join(path.dirname(here), `photo-encoder-worker${path.extname(here)}`);
const WORKER_EXEC_ARGV = path.extname(here) === '.ts' ? ['--import', 'tsx'] : [];

class WorkerStopped extends Error {
  constructor(how: string) {
    super(`The photo encoder stopped (${how})`);
  }
}

/** Structured clone (the 'advanced' serialization) hands a Buffer over as a Uint8Array. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Encodes photos in child processes, one photo per process and at most `size` at once; the others
 * wait their turn in the order they came. At the 'low' priority the encodes take only the CPU the
 * API's requests leave, instead of competing with its event loop for the cores. Workers are started
 * on first use and kept; one that dies is replaced by the next encode.
 */
export class PhotoEncoderPool {
  private readonly queue: BoundedQueue;
  private readonly idle: ChildProcess[] = [];
  private readonly workers = new Set<ChildProcess>();

  constructor(
    size: number,
    private readonly priority: PhotoEncoderPriority = 'low',
  ) {
    this.queue = new BoundedQueue(size);
  }

  /** Photos being encoded and photos waiting their turn (the metrics). */
  get load(): { encoding: number; waiting: number } {
    return { encoding: this.queue.active, waiting: this.queue.queued };
  }

  /**
   * The display, medium and thumbnail files of the original stored at `originalFile`; undefined when no
   * file is there. Fails when the original cannot be decoded, or its worker dies meanwhile.
   */
  encode(originalFile: string): Promise<EncodedPhoto | undefined> {
    return this.queue.run(async () => {
      let reply: EncodeReply;
      try {
        reply = await this.encodeOn(this.idle.pop() ?? (await this.start()), originalFile);
      } catch (error) {
        if (!(error instanceof WorkerStopped)) throw error;
        // A worker killed meanwhile (out of memory, by hand) takes its photo along: one more try on
        // a new worker, so only a photo that kills two fails.
        reply = await this.encodeOn(await this.start(), originalFile);
      }
      if ('missing' in reply) return undefined;
      if ('error' in reply) throw new Error(`Encoding the photo failed: ${reply.error}`);
      const { display, medium, thumbnail } = reply.encoded;
      return { display: asBuffer(display), medium: asBuffer(medium), thumbnail: asBuffer(thumbnail) };
    });
  }

  /** Stops the workers (after the encodes the caller waited for). */
  async close(): Promise<void> {
    await Promise.all(
      [...this.workers].map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once('exit', () => resolve());
            // The worker exits once its channel closes.
            worker.disconnect();
          }),
      ),
    );
  }

  private async encodeOn(worker: ChildProcess, originalFile: string): Promise<EncodeReply> {
    const reply = (await this.nextMessage(worker, { originalFile })) as EncodeReply;
    this.idle.push(worker);
    return reply;
  }

  private async start(): Promise<ChildProcess> {
    const worker = fork(WORKER_FILE, [this.priority], {
      execArgv: WORKER_EXEC_ARGV,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.workers.add(worker);
    worker.once('exit', () => {
      this.workers.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
    });
    await this.nextMessage(worker);
    return worker;
  }

  /** The worker's next message, after sending it `request` if there is one. */
  private nextMessage(worker: ChildProcess, request?: EncodeRequest): Promise<WorkerMessage> {
    return new Promise((resolve, reject) => {
      const settle = () => {
        worker.off('message', onReply);
        worker.off('exit', onExit);
        worker.off('error', onError);
      };
      const onReply = (reply: WorkerMessage) => {
        settle();
        resolve(reply);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        settle();
        reject(new WorkerStopped(signal ?? `exit code ${code}`));
      };
      const onError = (error: Error) => {
        settle();
        worker.kill();
        reject(error);
      };
      worker.on('message', onReply);
      worker.on('exit', onExit);
      worker.on('error', onError);
      if (request) worker.send(request);
    });
  }
}
