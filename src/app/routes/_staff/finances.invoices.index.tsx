import { createFileRoute } from '@tanstack/react-router';
import { invoiceTotalsQueryOptions } from '../../features/invoices/api/get-invoice-totals.ts';
import { invoicesQueryOptions } from '../../features/invoices/api/list-invoices.ts';
import { InvoicesPage } from '../../features/invoices/components/invoices-page.tsx';
import { parseInvoiceSearch } from '../../features/invoices/invoice-search.ts';
import { definedOnly, searchId, searchText } from '../../lib/search-params.ts';

/** The filters in the address; what a status or a date may be is checked with the screen (parseInvoiceSearch). */
interface InvoicesSearch {
  status?: string | undefined;
  booking?: number | undefined;
  customer?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const Route = createFileRoute('/_staff/finances/invoices/')({
  validateSearch: (search: Record<string, unknown>): InvoicesSearch =>
    definedOnly<InvoicesSearch>({
      status: searchText(search['status']),
      booking: searchId(search['booking']),
      customer: searchId(search['customer']),
      from: searchText(search['from']),
      to: searchText(search['to']),
    }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Not awaited: the page shows the cached list, offline and loading states itself.
    const filters = parseInvoiceSearch(deps);
    void context.queryClient.prefetchQuery(invoicesQueryOptions(filters));
    void context.queryClient.prefetchQuery(invoiceTotalsQueryOptions(filters));
  },
  component: InvoicesRoute,
});

function InvoicesRoute() {
  return <InvoicesPage filters={parseInvoiceSearch(Route.useSearch())} />;
}
