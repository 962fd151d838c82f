import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A new folder for a test's own files (photos to upload, copies of a release), inside the run's
 * working folder (E2E_WORK_DIR), which the global teardown removes: a run leaves nothing behind in
 * the system's temporary folder. Without a run's folder, in the system's.
 */
export function testFilesDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(process.env.E2E_WORK_DIR ?? tmpdir(), `${prefix}-`));
}
