import type { FastifyBaseLogger } from 'fastify';
import { fieldError } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import type { UploadedFile } from '../../services/images.ts';
import type { MediaStore } from '../../services/media/media-store.ts';
import { removeQuietly } from '../../services/media/remove-quietly.ts';
import { REGISTRATION_TAKEN } from './vehicle-rules.ts';

/**
 * Re-encodes every upload (checked by content, 415 otherwise) before any database write, so the
 * transaction stays short. If one file fails, the ones already stored are removed.
 */
export async function storeVehicleImages(
  media: MediaStore,
  files: readonly UploadedFile[],
  field: string,
  log: FastifyBaseLogger,
): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const file of files) keys.push(await media.storeVehicleImage(file, field));
  } catch (error) {
    await removeQuietly(log, 'vehicle images of a refused upload', () => media.removeVehicleImages(keys));
    throw error;
  }
  return keys;
}

/**
 * Runs the database write for freshly stored images: when it fails nothing stays behind, files
 * included. A registration number taken by a concurrent write surfaces as the field error.
 */
export async function commitWithImages<T>(
  media: MediaStore,
  storedKeys: readonly string[],
  log: FastifyBaseLogger,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await removeQuietly(log, 'vehicle images of a failed write', () => media.removeVehicleImages(storedKeys));
    if (isUniqueViolation(error)) throw fieldError(400, 'registration_number', REGISTRATION_TAKEN);
    throw error;
  }
}

/** Images of a committed change: removed only now that their rows are gone for good. */
export async function removeCommittedImages(
  media: MediaStore,
  keys: readonly string[],
  log: FastifyBaseLogger,
): Promise<void> {
  await removeQuietly(log, 'vehicle images of a committed change', () => media.removeVehicleImages(keys));
}
