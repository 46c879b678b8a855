import { readdir, readFile, rm, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '#server/config';
import type { TestApp } from './app.ts';
import { startWorld } from './fixtures.ts';

/** Media tests run against both stores: folders under DATA_DIR, and a bucket. */
export const MEDIA_STORES = ['disk', 's3'] as const;
export type MediaStoreKind = (typeof MEDIA_STORES)[number];

/** s3rver's built-in account: it checks request signatures against these keys. */
const S3RVER_KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export interface TestBucket {
  /** What a server needs to use the bucket: exactly the S3 settings an operator would give. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A local S3-protocol server (s3rver) with one empty bucket, on a free port. */
export async function startTestBucket(bucket = 'fleet-media'): Promise<TestBucket> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'fleet-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: { S3_BUCKET: bucket, S3_ENDPOINT: `http://127.0.0.1:${port}`, ...S3RVER_KEYS },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The fixtures' world on the given store; closing the app also stops its bucket. */
export async function startMediaWorld(store: MediaStoreKind): Promise<Awaited<ReturnType<typeof startWorld>>> {
  const bucket = store === 's3' ? await startTestBucket() : null;
  let started;
  try {
    started = await startWorld(bucket ? { env: bucket.env } : {});
  } catch (error) {
    await bucket?.close();
    throw error;
  }
  const { t } = started;
  return {
    ...started,
    t: {
      ...t,
      async close() {
        await t.close();
        await bucket?.close();
      },
    },
  };
}

/**
 * Reads the store of a test app from outside the server, as an operator would look at the
 * folder or the bucket: what is stored, and the bytes of one object.
 */
export interface StoredMedia {
  /** Every stored key (`vehicles/…-480.webp`, `licenses/….pdf`), sorted. */
  keys(): Promise<string[]>;
  read(key: string): Promise<Buffer | null>;
}

export function storedMedia(t: Pick<TestApp, 'config'>): StoredMedia {
  return t.config.s3 ? bucketMedia(t.config.s3) : diskMedia(t.config.dataDir);
}

/** Where the disk store (the default) keeps public images, and licenses. */
export const diskPublicDir = (dataDir: string): string => path.join(dataDir, 'media');
export const diskPrivateDir = (dataDir: string): string => path.join(dataDir, 'private');

function diskMedia(dataDir: string): StoredMedia {
  const roots = [diskPublicDir(dataDir), diskPrivateDir(dataDir)];
  return {
    async keys() {
      const keys: string[] = [];
      for (const root of roots) {
        const files = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
        for (const file of files) {
          if (file.isFile())
            keys.push(path.relative(root, path.join(file.parentPath, file.name)).split(path.sep).join('/'));
        }
      }
      return keys.sort();
    },
    async read(key) {
      for (const root of roots) {
        const data = await readFile(path.join(root, key)).catch(() => null);
        if (data) return data;
      }
      return null;
    },
  };
}

function bucketMedia(settings: S3Settings): StoredMedia {
  const client = () =>
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
  return {
    async keys() {
      const s3 = client();
      try {
        const keys: string[] = [];
        let token: string | undefined;
        do {
          const page = await s3.send(new ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken: token }));
          keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
          token = page.NextContinuationToken;
        } while (token);
        return keys.sort();
      } finally {
        s3.destroy();
      }
    },
    async read(key) {
      const s3 = client();
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      } finally {
        s3.destroy();
      }
    },
  };
}
