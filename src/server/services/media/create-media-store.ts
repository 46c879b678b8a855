import path from 'node:path';
import type { Config } from '../../config.ts';
import { DiskStore } from './disk-store.ts';
import { MediaStore } from './media-store.ts';

/**
 * The bucket when S3 settings are given (several machines), else folders under DATA_DIR:
 * `media/` for public images, `private/` for licenses.
 */
export async function createMediaStore(config: Config): Promise<MediaStore> {
  if (!config.s3) {
    return new MediaStore(
      new DiskStore(path.join(config.dataDir, 'media')),
      new DiskStore(path.join(config.dataDir, 'private')),
    );
  }
  // Loaded only for a bucket: the AWS SDK's import would slow every start on disk (decision 024).
  const { S3Store } = await import('./s3-store.ts');
  const bucket = new S3Store(config.s3);
  try {
    await bucket.checkBucket();
  } catch (error) {
    bucket.close();
    throw error;
  }
  // One bucket holds both; /media/ only ever answers for public image names (see MediaStore).
  return new MediaStore(bucket, bucket);
}
