import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStore, StoredObject } from './object-store.ts';

/**
 * Objects as files under one folder. Files are the owner's alone (600 in 700 folders): licenses
 * are personal documents, and nothing else on the machine needs to read the media.
 */
export class DiskStore implements ObjectStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, data, { mode: 0o600 });
  }

  async get(key: string): Promise<StoredObject | null> {
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw error;
    }
    // Opened first, so a file removed meanwhile is still read whole.
    try {
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }

  close(): void {}

  /** Keys come from the server, but a key that would leave the folder is a bug caught here. */
  private pathOf(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`media key outside the store: ${key}`);
    return file;
  }
}
