import type { Invoice } from '#domain/api/invoices';
import { todayIso } from '#domain/dates';
import { ISSUED_NOT_EDITABLE, type InvoiceUpdateInput } from '#domain/schemas/invoice';
import type { AuthUser, Deps } from '../../context.ts';
import { issueDraft, markPaid, updateDraft, voidInvoice } from '../../repositories/invoices.ts';
import { agencyScope } from '../agency-scope.ts';
import { Conflict } from '../errors.ts';
import { reachableInvoice, wrongStatus } from './invoice-access.ts';

type StatusChange = 'issue' | 'pay' | 'void';

/**
 * Issue, pay or void: not found (404) outside the caller's scope, then the change, then the
 * invoice as it now is, or a conflict (409) saying why its status did not allow the change.
 * Issuing fixes the tax rate and totals and takes the agency's next number in one transaction
 * (decision 031); paying dates it today; voiding keeps an issued invoice's number (no gap).
 */
export async function changeInvoiceStatus(
  deps: Deps,
  user: AuthUser,
  id: number,
  wanted: StatusChange,
): Promise<Invoice> {
  const scope = agencyScope(user);
  await reachableInvoice(deps, id, scope);
  const now = deps.now();
  const today = todayIso(now);
  const at = now.toISOString();
  const changed =
    wanted === 'issue'
      ? (await deps.db.transaction().execute((trx) => issueDraft(trx, id, today, at))) !== null
      : wanted === 'pay'
        ? await markPaid(deps.db, id, today, at)
        : await voidInvoice(deps.db, id, at);
  const invoice = await reachableInvoice(deps, id, scope);
  if (!changed) wrongStatus(invoice, wanted);
  return invoice;
}

/**
 * A draft's lines (the whole list) and notes; totals follow at the agency's current tax rate, in
 * one transaction. Anything past a draft is a conflict (409): it can only be voided and replaced.
 */
export async function editInvoiceDraft(
  deps: Deps,
  user: AuthUser,
  id: number,
  input: InvoiceUpdateInput,
): Promise<Invoice> {
  const scope = agencyScope(user);
  await reachableInvoice(deps, id, scope);
  const changes = { lines: input.lines, notes: input.notes, now: deps.now().toISOString() };
  const updated = await deps.db.transaction().execute((trx) => updateDraft(trx, id, changes));
  if (!updated) throw new Conflict(ISSUED_NOT_EDITABLE);
  return reachableInvoice(deps, id, scope);
}
