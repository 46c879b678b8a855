import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { ConfigError, loadConfig } from '#server/config';
import { ENGINE } from '../helpers/app.ts';
import { startTestBucket, storedMedia, type TestBucket } from '../helpers/media.ts';

const KEYS = { S3_ACCESS_KEY_ID: 'key-id', S3_SECRET_ACCESS_KEY: 'secret' };
const configError = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv/fleet');
    return null;
  } catch (error) {
    return error instanceof ConfigError ? error.message : error;
  }
};

describe('S3 settings', () => {
  it('keeps media on disk without them, and reads the documented names with their defaults', () => {
    expect(loadConfig({}, '/srv/fleet').s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: 'fleet-media', ...KEYS }, '/srv/fleet').s3).toEqual({
      bucket: 'fleet-media',
      endpoint: null,
      region: 'us-east-1',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    const minio = { S3_BUCKET: 'fleet-media', S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-west-2', ...KEYS };
    expect(loadConfig(minio, '/srv/fleet').s3).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'eu-west-2',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }, '/srv/fleet').s3?.forcePathStyle).toBe(false);
  });

  it('stops the start with one line saying what is missing or wrong', () => {
    expect(configError({ S3_BUCKET: 'fleet-media' })).toBe(
      'S3_BUCKET is set, but S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are missing.',
    );
    expect(configError({ S3_ENDPOINT: 'https://r2.example.com', S3_ACCESS_KEY_ID: 'k' })).toBe(
      'S3_ENDPOINT and S3_ACCESS_KEY_ID are set, but S3_BUCKET and S3_SECRET_ACCESS_KEY are missing.',
    );
    expect(configError({ S3_FORCE_PATH_STYLE: 'true' })).toBe(
      'S3_FORCE_PATH_STYLE is set, but S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are missing.',
    );
    expect(configError({ S3_BUCKET: 'My_Bucket', ...KEYS })).toMatch(/^S3_BUCKET must be a bucket name/);
    expect(configError({ S3_BUCKET: 'fleet-media', S3_ENDPOINT: 'minio:9000', ...KEYS })).toBe(
      'S3_ENDPOINT must start with http:// or https://, not "minio:9000".',
    );
    expect(configError({ S3_BUCKET: 'fleet-media', S3_FORCE_PATH_STYLE: 'sometimes', ...KEYS })).toBe(
      'S3_FORCE_PATH_STYLE must be true or false, not "sometimes".',
    );
  });
});

/** The server as an operator starts it, from source; stopped (and its folder removed) by `stop`. */
async function startServer(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fleet-media-process-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'src/server/main.ts'],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      // Only what an operator sets: no DATABASE_URL, so the embedded database seeds demo data.
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = await Promise.race([
    new Promise<string>((resolve) => {
      const look = () => {
        const match = /running at (http:\/\/\S+)/.exec(stdout);
        if (match?.[1]) resolve(match[1]);
      };
      child.stdout?.on('data', look);
    }),
    exited.then(() => null),
  ]);
  return {
    url: started,
    output: () => ({ stdout, stderr }),
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe(`a server started with S3 settings (${ENGINE})`, () => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await startTestBucket();
  });
  afterAll(async () => bucket?.close());

  it('refuses to start on a bucket that does not exist or keys it does not accept', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fleet-media-config-'));
    try {
      const start = (env: Record<string, string>) =>
        buildApp({ config: loadConfig({ DATA_DIR: dataDir, ...bucket.env, ...env }) }).then(
          () => 'started',
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        );
      expect(await start({ S3_BUCKET: 'no-such-bucket' })).toBe(
        `the S3 bucket "no-such-bucket" at ${bucket.env.S3_ENDPOINT} cannot be used: it does not exist.`,
      );
      expect(await start({ S3_ACCESS_KEY_ID: 'someone-else' })).toBe(
        `the S3 bucket "fleet-media" at ${bucket.env.S3_ENDPOINT} cannot be used: access denied.`,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('stops with one configuration line when settings are partial', async () => {
    const server = await startServer({ S3_BUCKET: 'fleet-media' });
    try {
      expect(server.url).toBeNull();
      expect(await server.exited).toBe(1);
      expect(server.output().stderr).toBe(
        'Configuration error: S3_BUCKET is set, but S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are missing.\n',
      );
    } finally {
      await server.stop();
    }
  });

  it('seeds its images into the bucket and serves them, with no SDK warning at start', async () => {
    const server = await startServer(bucket.env);
    try {
      expect(server.url, server.output().stderr).not.toBeNull();
      const vehicles = (await (await fetch(`${server.url}/api/public-vehicles/`)).json()) as { main_image: string }[];
      const image = vehicles[0]?.main_image ?? '';
      expect(image).toMatch(/^\/media\/vehicles\/[0-9a-f-]{36}-\d+\.webp$/);
      const served = await fetch(`${server.url}${image}`);
      expect(served.status).toBe(200);
      const fromBucket = await storedMedia({ config: loadConfig(bucket.env) }).read(image.slice('/media/'.length));
      expect(Buffer.from(await served.arrayBuffer()).equals(fromBucket ?? Buffer.alloc(0))).toBe(true);
      expect(server.output().stderr).not.toMatch(/AWS SDK|NodeVersionSupportWarning/);
    } finally {
      await server.stop();
    }
  });
});
