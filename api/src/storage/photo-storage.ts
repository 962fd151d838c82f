/**
 * Where photos live: local disk by default, an S3-compatible bucket when configured. Keys are
 * relative paths such as `photos/<publicId>.webp`; a key's content never changes once written,
 * so every stored object is served as immutable.
 */
export interface PhotoStorage {
  /** For the start-up log: where the photos go. */
  readonly description: string;
  /** Stores (or replaces) the object at `key`. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the objects; keys that hold nothing are ignored. */
  delete(keys: readonly string[]): Promise<void>;
  /**
   * Keys under the folder `prefix` whose objects were last written before `before` (epoch ms), for
   * removing files no photo names.
   */
  listOlderThan(prefix: string, before: number): Promise<string[]>;
  /** The address browsers load the object from. */
  url(key: string): string;
  /** The key of the object `url` names, or undefined when it is not one of this storage's. */
  keyOf(url: string): string | undefined;
}
