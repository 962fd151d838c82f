import { mkdir, readdir, readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PhotoEncoderPool } from './photo-encoder-pool.js';

let dir: string;
let pool: PhotoEncoderPool;

/** The pool's workers: this process's children running the encoder. */
async function workerPids(): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const read = (file: string) => readFile(`/proc/${entry}/${file}`, 'utf8').catch(() => '');
    const stat = await read('stat');
    const command = await read('cmdline');
    // Fields after the command's closing parenthesis: state, parent pid, …
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === process.pid && command.includes('photo-encoder-worker')) pids.push(Number(entry));
  }
  return pids;
}

/**
 * The nice value of each thread of a process (field 19 of /proc/<pid>/task/<tid>/stat). A thread
 * that ends between the listing and the read (ESRCH) is left out: it has no priority left to check.
 */
async function threadNiceValues(pid: number | 'self'): Promise<number[]> {
  const threads = await readdir(`/proc/${pid}/task`);
  const values = await Promise.all(
    threads.map(async (tid) => {
      const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ESRCH' || error.code === 'ENOENT') return undefined;
          throw error;
        },
      );
      return stat === undefined ? undefined : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    }),
  );
  return values.filter((value) => value !== undefined);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'carmarket-encoder-test-'));
  pool = new PhotoEncoderPool(2);
});

afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

async function original(name: string, width = 2000, height = 1500): Promise<string> {
  const file = path.join(dir, name);
  await mkdir(path.dirname(file), { recursive: true });
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  await writeFile(file, bytes);
  return file;
}

describe('PhotoEncoderPool', () => {
  it('encodes in child processes whose every thread runs at the lowest priority', async () => {
    const files = await Promise.all(['a', 'b', 'c'].map((name) => original(name)));
    const encoded = await Promise.all(files.map((file) => pool.encode(file)));
    for (const photo of encoded) {
      expect(await sharp(photo!.display).metadata()).toMatchObject({
        format: 'webp',
        width: 1600,
        height: 1200,
      });
      expect(await sharp(photo!.thumbnail).metadata()).toMatchObject({
        format: 'webp',
        width: 400,
        height: 300,
      });
    }
    const workers = await workerPids();
    expect(workers).toHaveLength(2);
    for (const pid of workers) expect(new Set(await threadNiceValues(pid))).toEqual(new Set([19]));
    expect(pool.load).toEqual({ encoding: 0, waiting: 0 });
  });

  it('answers undefined for an original that is gone, and fails on one that cannot be decoded', async () => {
    expect(await pool.encode(path.join(dir, 'never-kept'))).toBeUndefined();
    const damaged = path.join(dir, 'damaged');
    await writeFile(damaged, (await readFile(await original('whole'))).subarray(0, 2000));
    await expect(pool.encode(damaged)).rejects.toThrow(/Encoding the photo failed/);
  });

  it('makes the display size of a large JPEG (decoded at a smaller scale) with its colours', async () => {
    // 4003 px: a half-scale decode rounds up to 2002 px; a bracket in the path is read as such.
    for (const name of ['odd-sized', 'in[brackets]/odd-sized']) {
      const encoded = (await pool.encode(await original(name, 4003, 3003)))!;
      expect(await sharp(encoded.display).metadata()).toMatchObject({ width: 1600, height: 1200 });
      const { channels } = await sharp(encoded.display).stats();
      // #336699
      expect(channels.map((channel) => Math.round(channel.mean))).toEqual([
        expect.closeTo(0x33, -1),
        expect.closeTo(0x66, -1),
        expect.closeTo(0x99, -1),
      ]);
    }
  });

  it('at the normal priority, runs its workers at the priority of the process that started them', async () => {
    const normalPool = new PhotoEncoderPool(1, 'normal');
    try {
      const before = new Set(await workerPids());
      expect(await normalPool.encode(await original('normal'))).toBeDefined();
      const [worker] = (await workerPids()).filter((pid) => !before.has(pid));
      const [own] = await threadNiceValues('self');
      expect(new Set(await threadNiceValues(worker!))).toEqual(new Set([own]));
    } finally {
      await normalPool.close();
    }
  });

  it('encodes a photo again on a new worker when its worker dies, and goes on with new workers', async () => {
    const file = await original('big', 6000, 4000);
    const encoding = pool.encode(file);
    // Every worker killed once one has the photo (a crash in the decoder, an out-of-memory kill).
    let workers: number[] = [];
    while (pool.load.encoding === 0 || (workers = await workerPids()).length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    for (const pid of workers) process.kill(pid, 'SIGKILL');
    expect(await sharp((await encoding)!.display).metadata()).toMatchObject({ width: 1600, height: 1067 });
    expect(await pool.encode(await original('next'))).toBeDefined();
  });
});
