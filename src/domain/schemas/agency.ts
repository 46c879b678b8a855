import * as v from 'valibot';
import { AGENCY_STATUSES } from '../constants.ts';
import { choice, email, id, phone, requiredText } from './fields.ts';
import { taxRate } from './invoice.ts';

/** The agency profile form's fields (Suppliers and Settings); the logo travels beside them as a file. */
export const agencyFields = {
  name: requiredText('Agency name', 150),
  contact_email: email,
  phone_number: phone(),
};

/** An edit changes only the fields it sends; `tax_rate` (a percentage) applies to invoices issued after it. */
export const agencyUpdateSchema = v.partial(v.object({ ...agencyFields, tax_rate: taxRate }));
export type AgencyUpdateInput = v.InferOutput<typeof agencyUpdateSchema>;

/** What the operator can set: approve (or reinstate) and suspend; "pending" is only ever the start. */
export const SETTABLE_AGENCY_STATUSES = [
  'approved',
  'suspended',
] as const satisfies readonly (typeof AGENCY_STATUSES)[number][];
export const agencyStatusSchema = v.object({
  status: choice(SETTABLE_AGENCY_STATUSES, 'Status must be approved or suspended.'),
});

export const agencyStatusFilter = v.optional(
  v.picklist(AGENCY_STATUSES, 'Status must be pending, approved or suspended.'),
);

export const agencyIdParams = v.object({ id: id('Agency') });
