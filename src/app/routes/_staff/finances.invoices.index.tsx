import { createFileRoute } from '@tanstack/react-router';
import { invoiceTotalsQueryOptions } from '../../features/invoices/api/get-invoice-totals.ts';
import { invoicesQueryOptions } from '../../features/invoices/api/list-invoices.ts';
import { InvoicesPage } from '../../features/invoices/components/invoices-page.tsx';
import { parseInvoiceSearch } from '../../features/invoices/invoice-search.ts';

export const Route = createFileRoute('/_staff/finances/invoices/')({
  validateSearch: parseInvoiceSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Not awaited: the page shows the cached list, offline and loading states itself.
    void context.queryClient.prefetchQuery(invoicesQueryOptions(deps));
    void context.queryClient.prefetchQuery(invoiceTotalsQueryOptions(deps));
  },
  component: InvoicesRoute,
});

function InvoicesRoute() {
  return <InvoicesPage filters={Route.useSearch()} />;
}
