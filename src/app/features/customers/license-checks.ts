import { LICENSE_MAX_BYTES } from '#domain/constants';

/** SPEC §5 and §8: the customer's license edit takes an image of at most 5 MB, with these words. */
export const IMAGE_ONLY = 'Please select a valid image file (JPG, PNG, etc.).';
export const TOO_LARGE = 'File size should not exceed 5MB.';

/** Why a chosen file cannot be the license, or null when it can be queued. */
export function licenseFileProblem(file: Blob): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_ONLY;
  if (file.size > LICENSE_MAX_BYTES) return TOO_LARGE;
  return null;
}
