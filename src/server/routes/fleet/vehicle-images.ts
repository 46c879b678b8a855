import type { FastifyBaseLogger } from 'fastify';
import { fieldError } from '../../http/errors.ts';
import { isUniqueViolation } from '../../repositories/vehicles.ts';
import type { MediaStore, UploadedFile } from '../../services/images.ts';
import { REGISTRATION_TAKEN } from './vehicle-rules.ts';

/**
 * Re-encodes every upload (checked by content, 415 otherwise) before any database write, so the
 * transaction stays short. If one file fails, the ones already stored are removed.
 */
export async function storeVehicleImages(
  media: MediaStore,
  files: readonly UploadedFile[],
  field: string,
): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const file of files) keys.push(await media.storeVehicleImage(file, field));
  } catch (error) {
    await removeVehicleImages(media, keys);
    throw error;
  }
  return keys;
}

export async function removeVehicleImages(media: MediaStore, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => media.removeVehicleImage(key)));
}

/**
 * Runs the database write for freshly stored images: when it fails nothing stays behind, files
 * included. A registration number taken by a concurrent write surfaces as the field error.
 */
export async function commitWithImages<T>(
  media: MediaStore,
  storedKeys: readonly string[],
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await removeVehicleImages(media, storedKeys);
    if (isUniqueViolation(error)) throw fieldError(400, 'registration_number', REGISTRATION_TAKEN);
    throw error;
  }
}

/** Files of committed deletions: a failure here leaves an orphan file, never a broken record. */
export async function removeCommittedImages(
  media: MediaStore,
  keys: readonly string[],
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await removeVehicleImages(media, keys);
  } catch (error) {
    log.warn({ err: error, keys }, 'could not remove vehicle image files');
  }
}
