import { stat } from 'node:fs/promises';

/**
 * A file the server reads again when it changes (its time, size or inode), looking at it no more
 * often than every `recheckMs` (one stat a look): the deploy registry and the shell's theme script,
 * which deploys replace while the server runs. A failed read goes to `onError` and keeps the last
 * good value.
 */
export class WatchedFile<T> {
  private current: T;
  private version = '';
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;

  constructor(
    readonly file: string,
    /** Reads the file; `exists` is false once it is gone (or before it was ever there). */
    private readonly read: (file: string, exists: boolean) => Promise<T>,
    initial: T,
    private readonly recheckMs: number,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.current = initial;
  }

  get value(): T {
    return this.current;
  }

  /** Reads the file again if it may have changed since the last look. */
  refresh(): Promise<void> {
    if (Date.now() - this.checkedAt < this.recheckMs) return Promise.resolve();
    this.checking ??= this.reload().finally(() => {
      this.checkedAt = Date.now();
      this.checking = undefined;
    });
    return this.checking;
  }

  private async reload(): Promise<void> {
    try {
      const info = await stat(this.file).catch(() => undefined);
      const version = info ? `${info.mtimeMs}:${info.size}:${info.ino}` : '';
      if (version === this.version) return;
      this.current = await this.read(this.file, info !== undefined);
      this.version = version;
    } catch (error) {
      this.onError(error);
    }
  }
}
