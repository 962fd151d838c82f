import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WatchedFile } from './watched-file.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'carmarket-watched-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A watched text file that counts its reads and parses JSON (so a broken file fails to read). */
function watch(file: string, recheckMs: number, errors: unknown[] = []) {
  let reads = 0;
  const watched = new WatchedFile<unknown>(
    file,
    async (name, exists) => {
      reads += 1;
      return exists ? JSON.parse(await readFile(name, 'utf8')) : 'gone';
    },
    'initial',
    recheckMs,
    (error) => errors.push(error),
  );
  return { watched, reads: () => reads };
}

describe('WatchedFile', () => {
  it('reads a file once, and again once it changes', async () => {
    const file = path.join(dir, 'changes.json');
    await writeFile(file, '{"v":1}');
    const { watched, reads } = watch(file, 0);
    expect(watched.value).toBe('initial');
    await watched.refresh();
    await watched.refresh();
    expect(watched.value).toEqual({ v: 1 });
    expect(reads()).toBe(1);
    await writeFile(file, '{"v":22}');
    await watched.refresh();
    expect(watched.value).toEqual({ v: 22 });
  });

  it('looks at the file no more often than asked', async () => {
    const file = path.join(dir, 'slow.json');
    await writeFile(file, '{"v":1}');
    const { watched } = watch(file, 60_000);
    await watched.refresh();
    await writeFile(file, '{"v":22}');
    await watched.refresh();
    expect(watched.value).toEqual({ v: 1 });
  });

  it('keeps the last good value when a read fails, and says so', async () => {
    const file = path.join(dir, 'broken.json');
    await writeFile(file, '{"v":1}');
    const errors: unknown[] = [];
    const { watched } = watch(file, 0, errors);
    await watched.refresh();
    await writeFile(file, '{"v":');
    await watched.refresh();
    expect(watched.value).toEqual({ v: 1 });
    expect(errors).toHaveLength(1);
  });

  it('tells the reader when the file is gone, and leaves a file never there alone', async () => {
    const never = watch(path.join(dir, 'never.json'), 0);
    await never.watched.refresh();
    expect(never.watched.value).toBe('initial');
    const file = path.join(dir, 'removed.json');
    await writeFile(file, '{"v":1}');
    const { watched } = watch(file, 0);
    await watched.refresh();
    await rm(file);
    await watched.refresh();
    expect(watched.value).toBe('gone');
  });
});
