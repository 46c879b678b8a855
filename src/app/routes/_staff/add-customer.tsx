import { createFileRoute } from '@tanstack/react-router';
import { AddCustomerPage } from '../../features/customers/components/add-customer-page.tsx';

export const Route = createFileRoute('/_staff/add-customer')({
  component: AddCustomerPage,
});
