import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.ts';
import type { ObjectStore, StoredObject } from './object-store.ts';

/** DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000;

/** Objects in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…), shared by every server. */
export class S3Store implements ObjectStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    // The SDK warns at every start that its releases after January 2027 need Node 22; this
    // server runs on Node 20 on purpose (decision 006), so the warning only alarms operators.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 demands them: several S3-compatible services refuse the newer
      // checksum headers and trailers the SDK would otherwise add to every request.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Stops the start with one clear line when the bucket cannot be reached with these settings. */
  async checkBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (error) {
      const where = this.settings.endpoint ?? `AWS region ${this.settings.region}`;
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      const reason = status === 404 ? 'it does not exist' : status === 403 ? 'access denied' : String(error);
      throw new Error(`the S3 bucket "${this.settings.bucket}" at ${where} cannot be used: ${reason}.`, {
        cause: error,
      });
    }
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: data, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!(object.Body instanceof Readable) || object.ContentLength === undefined) {
        throw new Error(`S3 object ${key} came without a readable body and its length`);
      }
      return { body: object.Body, size: object.ContentLength };
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const result = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.settings.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = result.Errors ?? [];
      if (failed.length) {
        throw new Error(`S3 kept ${failed.length} object(s): ${failed.map((e) => `${e.Key} (${e.Code})`).join(', ')}`);
      }
    }
  }

  close(): void {
    this.client.destroy();
  }
}
