/**
 * A return's charges on the wire (issue 22): what the return proposes, what staff decided, and the
 * settlement a finalized return made. Money as decimal strings ("45.00") like every amount of the API.
 */
import type { DamageMark } from '../schemas/inspection.ts';
import type { InvoiceStatus } from './invoices.ts';
import type { ProposedChargeKind, ReturnChargeKind, ReturnChargeStatus } from '../return-charges.ts';
import type { DisputeStatus } from '../schemas/return-charge-dispute.ts';

/** A charge the inspections propose and nobody has decided yet. */
export interface ProposedChargeView {
  /** 'mileage', 'fuel', 'late' or 'damage:<index of the mark at return>'; named when deciding it. */
  code: string;
  kind: ProposedChargeKind;
  label: string;
  /** How it was worked out, as a sentence with its numbers. */
  working: string;
  quantity: number;
  /** Null for a damage: staff set its cost. */
  unit_amount: string | null;
  amount: string | null;
  /** The damage mark at return, with its index among the return inspection's marks. */
  mark: (DamageMark & { index: number }) | null;
}

/** A charge staff decided: confirmed (charged), waived with a reason, or a damage dismissed as known. */
export interface ReturnChargeView {
  id: number;
  code: string;
  kind: ReturnChargeKind;
  status: ReturnChargeStatus;
  label: string;
  working: string;
  quantity: number;
  unit_amount: string;
  /** What is charged: quantity × unit; "0.00" when waived or dismissed. */
  amount: string;
  /** What the return proposed; null for a damage or an added charge. */
  proposed_amount: string | null;
  /** Why it was waived, dismissed, or charged another amount than proposed. */
  reason: string | null;
  /** An added charge's note (cleaning, other). */
  note: string | null;
  /** Who decided it last ("Alex Agent"), null once that login is gone. */
  decided_by: string | null;
  updated_at: string;
  /** The customer's disputes of the charge, oldest first, each with staff's answer once given. */
  disputes: ReturnChargeDisputeView[];
}

/** What a finalized return settled: its final invoice and the deposit against the charges. */
export interface ReturnSettlementView {
  invoice_id: number;
  invoice_number: number;
  /**
   * The final invoice's status now: "paid" once what the booking was paid and the deposit kept
   * for the charges cover it (decision 054), "issued" while something is still to pay, "void".
   */
  invoice_status: InvoiceStatus;
  /** The confirmed charges as invoiced (tax included). */
  charges: string;
  deposit_held: string;
  /** The part of the deposit kept to pay the charges. */
  deposit_applied: string;
  /** Given back in the ledger (a refund received). */
  refund: string;
  /** Still owed (a payment due in the ledger). */
  due: string;
  created_at: string;
}

/** GET bookings/{id}/return-charges/ and the reply of every change to them. */
export interface ReturnCharges {
  booking: number;
  currency: string;
  /** When the car came back on the desk's clock ("YYYY-MM-DDTHH:MM"), which a late return is measured by. */
  returned_at: string;
  /** Proposed and not decided yet; empty once the return is finalized. */
  proposed: ProposedChargeView[];
  decided: ReturnChargeView[];
  /** The confirmed charges' sum, before tax. */
  confirmed_total: string;
  deposit_held: string;
  settlement: ReturnSettlementView | null;
}

/** A customer's dispute of a charge, and staff's answer once given. */
export interface ReturnChargeDisputeView {
  id: number;
  status: DisputeStatus;
  message: string;
  created_at: string;
  answer: string | null;
  answered_at: string | null;
  /** Who answered ("Alex Agent"); null to the customer, and once that login is gone. */
  answered_by: string | null;
}

/**
 * A dispute as staff see it, with what it is about: GET return-charge-disputes/ (the open ones, on
 * the dashboard) and the reply of POST return-charge-disputes/{dispute}/answer/.
 */
export interface StaffDispute extends ReturnChargeDisputeView {
  booking: number;
  charge: { id: number; label: string; amount: string };
  customer: { id: number; name: string };
  currency: string;
}
