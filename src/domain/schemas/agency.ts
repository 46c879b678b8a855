import * as v from 'valibot';
import { AGENCY_STATUSES } from '../constants.ts';
import { MAX_HOLD_HOURS } from '../request-hold.ts';
import { MAX_SERVICE_INTERVAL_MONTHS } from '../service-due.ts';
import { choice, email, id, phone, requiredText, wholeNumber } from './fields.ts';
import { taxRate } from './invoice.ts';

export const POSTAL_ADDRESS_MAX = 300;
const VAT_NUMBER = /^[A-Z0-9][A-Z0-9 .-]{2,18}[A-Z0-9]$/;

/** Optional text kept as '' when blank (an agency has no address or VAT number until it gives one). */
const blankable = (label: string, max: number) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${label} must be text.`)), ''),
    v.transform((value) => (value ?? '').replace(/\r\n?/g, '\n').trim()),
    v.maxLength(max, `${label} must be at most ${max} characters.`),
  );

/**
 * What an agency's invoices print beside its name: where it is and its VAT registration.
 * Both may stay blank; a VAT number is letters and digits (spaces, dots and dashes allowed).
 */
export const agencyInvoiceFields = {
  /** Lines separated by newlines, printed as given. */
  postal_address: blankable('Postal address', POSTAL_ADDRESS_MAX),
  vat_number: v.pipe(
    blankable('VAT number', 20),
    v.toUpperCase(),
    v.check(
      (value) => value === '' || VAT_NUMBER.test(value),
      'VAT number must be letters and digits, e.g. GB 123 4567 89.',
    ),
  ),
};

/** The agency profile form's fields (Suppliers and Settings); the logo travels beside them as a file. */
export const agencyFields = {
  name: requiredText('Agency name', 150),
  contact_email: email,
  phone_number: phone(),
  /** Months from a service to the next (Maintenance Records move the date by it). */
  service_interval_months: wholeNumber('Service interval', { min: 1, max: MAX_SERVICE_INTERVAL_MONTHS }),
  /** Tax on its invoices, a percentage ("20", "17.5") kept in basis points. */
  tax_rate: taxRate,
  ...agencyInvoiceFields,
  /** Hours an accepted request holds the vehicle (decision 035). */
  hold_hours: wholeNumber('Hold length', { min: 1, max: MAX_HOLD_HOURS }),
};

/** The agency profile form in Settings: every field shown and sent (PATCH agency/). */
export const agencyProfileSchema = v.object(agencyFields);
export type AgencyProfileInput = v.InferOutput<typeof agencyProfileSchema>;

/** An edit changes only the fields it sends; `tax_rate` applies to invoices issued after it. */
export const agencyUpdateSchema = v.partial(v.object(agencyFields));
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
