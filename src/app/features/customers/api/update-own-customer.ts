import type { OutboxRequest } from '../../../offline/outbox.ts';
import { ownCustomerQueryOptions } from './get-own-customer.ts';

/** The form field of PATCH customers/me/ that carries the license file. */
export const LICENSE_FIELD = 'drivers_license';

interface OwnCustomerEdit {
  /** Changed fields only, as the form holds them (strings; blank clears an optional field). */
  fields?: Record<string, string>;
  /** A new license file (image or PDF), or null to remove the current one. */
  license?: Blob | null;
  /** How the change reads in the sync panel, e.g. "Driver's license". */
  label: string;
}

/**
 * The outbox request for PATCH customers/me/ (multipart): the customer's own details and license.
 * One target for every edit of the own record, so edits made offline reach the server in order.
 */
export function ownCustomerEditRequest({ fields = {}, license, label }: OwnCustomerEdit): OutboxRequest {
  const formFields: Record<string, string> = { ...fields };
  const files: Record<string, Blob[]> = {};
  if (license === null) formFields.delete_drivers_license = 'true';
  else if (license) files[LICENSE_FIELD] = [license];
  return {
    kind: 'own-customer-edit',
    target: 'customer:me',
    method: 'PATCH',
    url: 'customers/me/',
    form: { fields: formFields, files },
    invalidate: [ownCustomerQueryOptions().queryKey],
    label,
  };
}
