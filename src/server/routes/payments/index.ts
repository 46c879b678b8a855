import type { RouteRegistrar } from '../index.ts';
import { createPaymentRoute } from './create-payment.ts';
import { deletePaymentRoute } from './delete-payment.ts';
import { getBookingPaymentsRoute } from './get-booking-payments.ts';
import { listPaymentsRoute } from './list-payments.ts';
import { updatePaymentRoute } from './update-payment.ts';

export const paymentsRoutes: RouteRegistrar[] = [
  listPaymentsRoute,
  createPaymentRoute,
  updatePaymentRoute,
  deletePaymentRoute,
  getBookingPaymentsRoute,
];
