import type { PaymentKind, PaymentStatus } from '#domain/payment-kinds';
import type { BadgeTone } from '../../lib/booking-labels.ts';

const KIND_LABELS: Record<PaymentKind, string> = { payment: 'Payment', deposit: 'Deposit', refund: 'Refund' };
const STATUS_LABELS: Record<PaymentStatus, string> = { due: 'Due', received: 'Received' };

export const paymentKindLabel = (kind: PaymentKind) => KIND_LABELS[kind];
export const paymentStatusLabel = (status: PaymentStatus) => STATUS_LABELS[status];
export const paymentStatusTone = (status: PaymentStatus): BadgeTone => (status === 'due' ? 'warning' : 'success');
