import type { OutboxRequest } from '../../../offline/outbox.ts';
import { customerQueryOptions } from './get-customer.ts';
import { customerKeys } from '#app/lib/query-keys';

export const LICENSE_FIELD = 'drivers_license';

export interface CustomerEdit {
  id: number;
  /** Changed fields only, as strings (blank clears an optional field). */
  fields: Record<string, string>;
  /** A new license image, null to remove the one on file, undefined to leave it. */
  license: Blob | null | undefined;
  /** The `updated_at` the form was loaded with: the server refuses (412) if the record changed since. */
  expectedUpdatedAt: string;
  label: string;
}

/** The outbox target of every staff edit of one customer: kept in order, and shown on its screens. */
export const customerTarget = (id: number) => `customer:${id}`;

/** The outbox request for PATCH customers/{id}/ (multipart): sent now, or kept and sent when back online. */
export function customerEditRequest({ id, fields, license, expectedUpdatedAt, label }: CustomerEdit): OutboxRequest {
  const formFields: Record<string, string> = { ...fields, expected_updated_at: expectedUpdatedAt };
  const files: Record<string, Blob[]> = {};
  if (license === null) formFields.delete_drivers_license = 'true';
  else if (license) files[LICENSE_FIELD] = [license];
  return {
    kind: 'customer-edit',
    target: customerTarget(id),
    method: 'PATCH',
    url: `customers/${id}/`,
    form: { fields: formFields, files },
    invalidate: [customerQueryOptions(id).queryKey, customerKeys.lists],
    label,
  };
}
