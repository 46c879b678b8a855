import type { FastifyBaseLogger } from 'fastify';
import { LICENSE_MAX_BYTES } from '#domain/constants';
import type { AuthUser, Deps } from '../../context.ts';
import type { Customer } from '../../db/types.ts';
import { badRequest, HttpError, notFound, payloadTooLarge, unsupportedMediaType } from '../../http/errors.ts';
import type { FileField } from '../../http/request-body.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import {
  findCustomerInScope,
  getApiCustomer,
  updateCustomer,
  type AgencyScope,
  type ApiCustomer,
  type CustomerChanges,
} from '../../repositories/customers.ts';
import type { UploadedFile } from '../../services/images.ts';
import { isPdf } from '../../services/media/licenses.ts';
import { removeQuietly } from '../../services/media/remove-quietly.ts';

/** Who works with customer records (SPEC §6: staff-side roles). */
export const STAFF_SIDE = ['staff', 'agency', 'agent'] as const;

export const CUSTOMER_NOT_FOUND = 'Customer not found.';
export const LICENSE_FIELD = 'drivers_license';
/** SPEC §5: the staff forms take an image license only, with these words. */
export const IMAGE_ONLY = 'Please select a valid image file (JPG, PNG, etc.).';
export const TOO_LARGE = 'File size should not exceed 5MB.';
/** The license field of the customer forms: one file, at most 5 MB. */
export const LICENSE_UPLOAD = {
  [LICENSE_FIELD]: { maxFiles: 1, maxBytes: LICENSE_MAX_BYTES, tooMany: 'Send one license file.', tooLarge: TOO_LARGE },
} satisfies Record<string, FileField>;

/** The customer if the caller's agency may see it; another agency's is "not found", never "forbidden". */
export async function loadCustomerInScope(deps: Deps, user: AuthUser, customerId: number): Promise<Customer> {
  const customer = await findCustomerInScope(deps.db, customerId, agencyScope(user));
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  return customer;
}

/** The API shape of a customer the caller may see. */
export async function customerReply(deps: Deps, customerId: number, scope: AgencyScope): Promise<ApiCustomer> {
  const customer = await getApiCustomer(deps.db, customerId, scope);
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  return customer;
}

/** The one license file of a multipart body, if any. */
export function licenseUpload(files: Record<string, UploadedFile[]>): UploadedFile | undefined {
  const uploads = files[LICENSE_FIELD] ?? [];
  if (uploads.length > 1) {
    throw badRequest('Send one license file.', { [LICENSE_FIELD]: ['Send one license file.'] });
  }
  return uploads[0];
}

/** Staff forms: an image only (re-encoded, private), at most 5 MB. */
export async function storeStaffLicense(deps: Deps, file: UploadedFile): Promise<{ key: string; type: string }> {
  if (file.data.length > LICENSE_MAX_BYTES) throw payloadTooLarge(TOO_LARGE, { [LICENSE_FIELD]: [TOO_LARGE] });
  if (isPdf(file)) throw unsupportedMediaType(IMAGE_ONLY, { [LICENSE_FIELD]: [IMAGE_ONLY] });
  try {
    return await deps.media.storeLicense(file, LICENSE_MAX_BYTES, LICENSE_FIELD);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 415) {
      throw unsupportedMediaType(IMAGE_ONLY, { [LICENSE_FIELD]: [IMAGE_ONLY] });
    }
    throw error;
  }
}

/** The customer's own upload (confirmation wizard): an image or a PDF, at most 5 MB. */
export async function storeOwnLicense(deps: Deps, file: UploadedFile): Promise<{ key: string; type: string }> {
  return deps.media.storeLicense(file, LICENSE_MAX_BYTES, LICENSE_FIELD);
}

/** A license file whose record is gone, or never came to be; see removeQuietly. */
function removeLicense(deps: Deps, log: FastifyBaseLogger, key: string, why: string): Promise<void> {
  return removeQuietly(log, `the license of ${why}`, () => deps.media.removeLicense(key));
}

/** Runs a write that follows a stored file; if the write fails the file is removed again. */
export async function withStoredFile<T>(
  deps: Deps,
  log: FastifyBaseLogger,
  key: string | null,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (key) await removeLicense(deps, log, key, 'a failed write');
    throw error;
  }
}

/** The license of a committed change (replaced, taken away, or its customer deleted). */
export async function removeCommittedLicense(deps: Deps, log: FastifyBaseLogger, key: string | null): Promise<void> {
  if (key) await removeLicense(deps, log, key, 'a committed change');
}

/** What a customer write reports: the license file it replaced, or undefined when the customer is gone. */
type CustomerWrite = () => Promise<{ previousKey: string | null } | undefined>;

/**
 * Runs a customer write that may swap the license (`license`: a new stored file, null to take it
 * away). The replaced file is removed once the write has landed; a new file is removed if it did not.
 */
export async function writeCustomer(
  deps: Deps,
  log: FastifyBaseLogger,
  license: { key: string; type: string } | null | undefined,
  write: CustomerWrite,
): Promise<void> {
  const result = await withStoredFile(deps, log, license?.key ?? null, write);
  if (!result) {
    if (license) await removeLicense(deps, log, license.key, 'a customer deleted meanwhile');
    throw notFound(CUSTOMER_NOT_FOUND);
  }
  await removeCommittedLicense(deps, log, result.previousKey);
}

/** Writes a customer's changes and, with `license`, swaps the license (null takes it away). */
export async function saveCustomerChanges(
  deps: Deps,
  log: FastifyBaseLogger,
  customerId: number,
  changes: CustomerChanges,
  license: { key: string; type: string } | null | undefined,
): Promise<void> {
  await writeCustomer(deps, log, license, () =>
    updateCustomer(deps.db, customerId, changes, license, deps.now().toISOString()),
  );
}
