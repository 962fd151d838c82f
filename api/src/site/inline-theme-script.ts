import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** The shell's theme script: its file in the build, and the tag its index.html loads it with. */
const SCRIPT_FILE = 'theme-init.js';
const SCRIPT_TAG = `<script src="/${SCRIPT_FILE}"></script>`;
/** The file is looked at again at most this often (a new shell build replaces it). */
const RECHECK_MS = 1_000;

/**
 * The shell's theme script (it sets the theme before first paint) put into the page itself: as a
 * file in <head> it was a request that first paint waited for, which Lighthouse's slow 4G charged
 * about 160 ms on every page (docs/benchmarks.md). The CSP allows it by its hash: the page and the
 * header take both from the same reading of the file, so they agree.
 */
export class InlineThemeScript {
  private script: string | undefined;
  private hash: string | undefined;
  private fileVersion = '';
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;

  constructor(private readonly shellDir: string) {}

  /** Reads the file again if it may have changed; run before the CSP is written. */
  refresh(): Promise<void> {
    if (Date.now() - this.checkedAt < RECHECK_MS) return Promise.resolve();
    this.checking ??= this.reload().finally(() => {
      this.checkedAt = Date.now();
      this.checking = undefined;
    });
    return this.checking;
  }

  /** The CSP source that allows the script ('sha256-…'); none without a shell build. */
  sources(): string[] {
    return this.hash ? [`'sha256-${this.hash}'`] : [];
  }

  /** index.html with the script's tag replaced by the script itself (unchanged without one). */
  inline(html: string): string {
    const script = this.script;
    return script === undefined ? html : html.replace(SCRIPT_TAG, () => `<script>${script}</script>`);
  }

  private async reload(): Promise<void> {
    const file = path.join(this.shellDir, SCRIPT_FILE);
    const info = await stat(file).catch(() => undefined);
    const fileVersion = info ? `${info.mtimeMs}:${info.size}:${info.ino}` : '';
    if (fileVersion === this.fileVersion) return;
    const script = info ? await readFile(file, 'utf8').catch(() => undefined) : undefined;
    this.script = script;
    this.hash = script === undefined ? undefined : createHash('sha256').update(script).digest('base64');
    this.fileVersion = fileVersion;
  }
}
