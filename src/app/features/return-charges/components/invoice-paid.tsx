import type { ReturnSettlementView } from '#domain/api/return-charges';

/**
 * "Invoice 12 is paid." under a settlement whose final invoice the payments and the deposit kept
 * for the charges cover (decision 054), as the final invoice's e-mail says it; nothing while an
 * amount is still due.
 */
export function InvoicePaid({ settlement }: { settlement: ReturnSettlementView }) {
  if (settlement.invoice_status !== 'paid') return null;
  return <p className="return-charges__paid">Invoice {settlement.invoice_number} is paid.</p>;
}
