import { createFileRoute } from '@tanstack/react-router';
import { PaymentsPage } from '../../features/payments/components/payments-page.tsx';

export const Route = createFileRoute('/_staff/finances/payments')({
  component: PaymentsPage,
});
