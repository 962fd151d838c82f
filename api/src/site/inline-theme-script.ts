import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { WatchedFile } from '../storage/watched-file.js';

/** The shell's theme script: its file in the build, and the tag its index.html loads it with. */
const SCRIPT_FILE = 'theme-init.js';
const SCRIPT_TAG = `<script src="/${SCRIPT_FILE}"></script>`;
/** The file is looked at again at most this often (a new shell build replaces it). */
const RECHECK_MS = 1_000;

interface ThemeScript {
  script: string;
  /** Its SHA-256, base64, as the CSP names it. */
  hash: string;
}

/**
 * The shell's theme script (it sets the theme before first paint) put into the page itself: as a
 * file in <head> it was a request that first paint waited for, which Lighthouse's slow 4G charged
 * about 160 ms on every page (docs/benchmarks.md). The CSP allows it by its hash: the page and the
 * header take both from the same reading of the file, so they agree.
 */
export class InlineThemeScript {
  private readonly file: WatchedFile<ThemeScript | undefined>;

  constructor(shellDir: string) {
    this.file = new WatchedFile(
      path.join(shellDir, SCRIPT_FILE),
      async (file, exists) => {
        if (!exists) return undefined;
        const script = await readFile(file, 'utf8');
        return { script, hash: createHash('sha256').update(script).digest('base64') };
      },
      undefined,
      RECHECK_MS,
    );
  }

  /** Reads the file again if it may have changed; run before the CSP is written. */
  refresh(): Promise<void> {
    return this.file.refresh();
  }

  /** The CSP source that allows the script ('sha256-…'); none without a shell build. */
  sources(): string[] {
    const current = this.file.value;
    return current ? [`'sha256-${current.hash}'`] : [];
  }

  /** index.html with the script's tag replaced by the script itself (unchanged without one). */
  inline(html: string): string {
    const current = this.file.value;
    return current ? html.replace(SCRIPT_TAG, () => `<script>${current.script}</script>`) : html;
  }
}
