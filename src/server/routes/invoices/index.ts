import type { RouteRegistrar } from '../index.ts';
import { createInvoiceRoute } from './create-invoice.ts';
import { getInvoicePdfRoute } from './get-invoice-pdf.ts';
import { getInvoiceTotalsRoute } from './get-invoice-totals.ts';
import { getInvoiceRoute } from './get-invoice.ts';
import { issueInvoiceRoute } from './issue-invoice.ts';
import { listInvoicesRoute } from './list-invoices.ts';
import { payInvoiceRoute } from './pay-invoice.ts';
import { updateInvoiceRoute } from './update-invoice.ts';
import { voidInvoiceRoute } from './void-invoice.ts';

export const invoicesRoutes: RouteRegistrar[] = [
  listInvoicesRoute,
  getInvoiceTotalsRoute,
  createInvoiceRoute,
  getInvoiceRoute,
  updateInvoiceRoute,
  issueInvoiceRoute,
  payInvoiceRoute,
  voidInvoiceRoute,
  getInvoicePdfRoute,
];
