import * as v from 'valibot';
import { INVOICE_STATUSES } from '../api/invoices.ts';
import { parseMoney, parseSignedMoney } from '../money.ts';
import { id, optionalId, optionalIsoDate, optionalText, requiredText, wholeNumber } from './fields.ts';

function signedMoney(label: string) {
  const message = `${label} must be an amount of at most two decimals, e.g. 45.00 or -10.00.`;
  return v.pipe(
    v.optional(v.union([v.string(), v.number()]), ''),
    v.check((value) => String(value).trim() !== '', `${label} is required.`),
    v.transform((value) => parseSignedMoney(String(value))),
    v.number(message),
  );
}

/** Why an issued (or paid, or void) invoice refuses an edit: said by the server and the invoice screen. */
export const ISSUED_NOT_EDITABLE = 'An issued invoice cannot be edited. Void it and create a replacement.';

export const INVOICE_MAX_LINES = 50;

export const invoiceLineSchema = v.object({
  description: requiredText('Description', 200),
  quantity: wholeNumber('Quantity', { min: 1, max: 10_000 }),
  unit_amount: signedMoney('Unit amount'),
});
export type InvoiceLineInput = v.InferOutput<typeof invoiceLineSchema>;

/** POST invoices/: a draft from a booking, or the replacement of a void invoice (its lines copied). */
export const invoiceCreateSchema = v.pipe(
  v.object({
    booking: optionalId('Booking'),
    replaces: optionalId('Invoice to replace'),
  }),
  v.forward(
    v.check((input) => input.booking !== null || input.replaces !== null, 'Choose a booking to invoice.'),
    ['booking'],
  ),
);
export type InvoiceCreateInput = v.InferOutput<typeof invoiceCreateSchema>;

/** PATCH invoices/{id}/: a draft's lines (all of them, in order) and notes; what is not sent stays. */
export const invoiceUpdateSchema = v.partial(
  v.object({
    lines: v.pipe(
      v.array(invoiceLineSchema, 'Lines must be a list.'),
      v.minLength(1, 'An invoice needs at least one line.'),
      v.maxLength(INVOICE_MAX_LINES, `An invoice can have at most ${INVOICE_MAX_LINES} lines.`),
    ),
    notes: optionalText('Notes', 1000),
  }),
);
export type InvoiceUpdateInput = v.InferOutput<typeof invoiceUpdateSchema>;

export const invoiceIdParams = v.object({ id: id('Invoice') });

/**
 * GET invoices/ and invoices/totals/: by status, booking, customer and the invoice's date (its
 * issue date; a draft's creation day) from / to, both inclusive.
 */
export const invoiceFilterFields = {
  status: v.optional(v.picklist(INVOICE_STATUSES, 'Status must be draft, issued, paid or void.')),
  booking: v.optional(id('Booking')),
  customer: v.optional(id('Customer')),
  from: optionalIsoDate('From'),
  to: optionalIsoDate('To'),
};
export const invoiceFilterSchema = v.object(invoiceFilterFields);
export type InvoiceFilterInput = v.InferOutput<typeof invoiceFilterSchema>;

/** An agency's tax rate as a percentage with up to two decimals ("20", "17.5"), kept in basis points. */
export const taxRate = v.pipe(
  v.union([v.string(), v.number()], 'Tax rate must be a percentage, e.g. 20 or 17.5.'),
  v.transform((value) => parseMoney(String(value))),
  v.number('Tax rate must be a percentage with at most two decimals, e.g. 20 or 17.5.'),
  v.maxValue(10_000, 'Tax rate must be at most 100.'),
);
