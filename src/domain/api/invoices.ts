/** Invoices as the API sends them (GET/POST/PATCH invoices/…). Money is a decimal string. */

export const INVOICE_STATUSES = ['draft', 'issued', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** Negative for a discount. */
  unit_amount: string;
  /** quantity × unit_amount. */
  amount: string;
}

/** An invoice in a list: everything but its lines. */
export interface InvoiceSummary {
  id: number;
  agency_id: number;
  /** Given when issued, sequential per agency without gaps; null for a draft. */
  number: number | null;
  status: InvoiceStatus;
  booking: number;
  customer: number;
  customer_details: { first_name: string; last_name: string };
  vehicle_details: { make: string; model: string; registration_number: string };
  booking_details: { start_date: string; end_date: string };
  /** YYYY-MM-DD; null for a draft. */
  issue_date: string | null;
  paid_date: string | null;
  /** A percentage, e.g. "20.00": the agency's current rate on a draft, fixed once issued. */
  tax_rate: string;
  subtotal: string;
  tax: string;
  total: string;
  notes: string | null;
  /** The void invoice this one replaces, and the invoice that replaced this one. */
  replaces: number | null;
  replaced_by: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface Invoice extends InvoiceSummary {
  lines: InvoiceLine[];
}

export interface InvoiceStatusTotal {
  count: number;
  total: string;
}

/** GET invoices/totals/: the invoices a list's filters match, counted and summed. */
export interface InvoiceTotals extends InvoiceStatusTotal {
  by_status: Record<InvoiceStatus, InvoiceStatusTotal>;
}
