import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { WatchedFile } from '../storage/watched-file.js';

/**
 * The shell's scripts its index.html loads from files, put into the page instead:
 * - `theme-init.js` sets the theme before first paint: as a file in <head> it was a request that
 *   first paint waited for, which Lighthouse's slow 4G charged about 160 ms on every page;
 * - `start-shell.js` starts the shell's scripts once the page's first photo is on screen: as a file
 *   it would be a round trip before they could even be asked for (docs/benchmarks.md).
 */
const SCRIPT_FILES = ['theme-init.js', 'start-shell.js'];
/** The files are looked at again at most this often (a new shell build replaces them). */
const RECHECK_MS = 1_000;

interface InlineScript {
  script: string;
  /** Its SHA-256, base64, as the CSP names it. */
  hash: string;
}

/**
 * The shell's scripts in the page itself. The CSP allows each by its hash: the page and the header
 * take both from the same reading of the file, so they agree. A tag keeps its other attributes
 * (start-shell.js reads its data-src).
 */
export class InlineScripts {
  private readonly files: { tag: RegExp; file: WatchedFile<InlineScript | undefined> }[];

  constructor(shellDir: string) {
    this.files = SCRIPT_FILES.map((name) => ({
      tag: new RegExp(`<script src="/${name.replace('.', '\\.')}"([^>]*)></script>`),
      file: new WatchedFile(
        path.join(shellDir, name),
        async (file, exists) => {
          if (!exists) return undefined;
          const script = await readFile(file, 'utf8');
          return { script, hash: createHash('sha256').update(script).digest('base64') };
        },
        undefined,
        RECHECK_MS,
      ),
    }));
  }

  /** Reads the files again if they may have changed; run before the CSP is written. */
  async refresh(): Promise<void> {
    await Promise.all(this.files.map(({ file }) => file.refresh()));
  }

  /** The CSP sources that allow the scripts ('sha256-…'); none without a shell build. */
  sources(): string[] {
    return this.files.flatMap(({ file }) => (file.value ? [`'sha256-${file.value.hash}'`] : []));
  }

  /** index.html with each script's tag replaced by the script itself (a tag without its file stays). */
  inline(html: string): string {
    return this.files.reduce((page, { tag, file }) => {
      const current = file.value;
      return current
        ? page.replace(tag, (_, attributes: string) => `<script${attributes}>${current.script}</script>`)
        : page;
    }, html);
  }
}
