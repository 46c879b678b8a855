import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_VEHICLE_IMAGES, VEHICLE_IMAGE_MAX_BYTES } from '#domain/constants';
import { ReceivedFile } from '../http/route.ts';

/**
 * Multipart bodies are read whole before the handler, with files kept in memory as
 * ReceivedFile values beside the text fields. Limits bound the memory one request can take.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: VEHICLE_IMAGE_MAX_BYTES, files: MAX_VEHICLE_IMAGES + 2, fields: 100, fieldSize: 64 * 1024 },
    async onFile(part) {
      const data = await part.toBuffer();
      (part as unknown as { value: ReceivedFile }).value = new ReceivedFile(part.filename, part.mimetype, data);
    },
  });
}
