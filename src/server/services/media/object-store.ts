import type { Readable } from 'node:stream';

/** A stored file opened for reading. */
export interface StoredObject {
  body: Readable;
  size: number;
}

/**
 * Where media bytes live: a folder under DATA_DIR or an S3-compatible bucket. Keys are
 * `area/name` (`vehicles/<uuid>-480.webp`, `licenses/<uuid>.pdf`), made by the server only.
 */
export interface ObjectStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the objects; keys that do not exist are fine. */
  remove(keys: readonly string[]): Promise<void>;
  close(): void;
}
