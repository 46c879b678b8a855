import { createFileRoute } from '@tanstack/react-router';
import { RegisterCustomerPage } from '../../features/accounts/components/register-customer-page.tsx';

export const Route = createFileRoute('/_public/register-customer')({
  component: RegisterCustomerPage,
});
