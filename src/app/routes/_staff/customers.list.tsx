import { createFileRoute } from '@tanstack/react-router';
import { customersQueryOptions } from '../../features/customers/api/list-customers.ts';
import { CustomerListPage } from '../../features/customers/components/customer-list-page.tsx';

export const Route = createFileRoute('/_staff/customers/list')({
  loader: ({ context }) =>
    void context.queryClient.prefetchInfiniteQuery(customersQueryOptions({ search: '', ordering: 'name' })),
  component: CustomerListPage,
});
