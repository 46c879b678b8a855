import { createFileRoute } from '@tanstack/react-router';
import { SupplierListPage } from '../../features/suppliers/components/supplier-list-page.tsx';

export const Route = createFileRoute('/_staff/suppliers/list')({
  component: SupplierListPage,
});
