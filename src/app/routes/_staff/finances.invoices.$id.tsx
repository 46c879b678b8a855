import { createFileRoute } from '@tanstack/react-router';
import { invoiceQueryOptions } from '../../features/invoices/api/get-invoice.ts';
import { InvoicePage } from '../../features/invoices/components/invoice-page.tsx';
import { idParams } from '../-params.ts';

export const Route = createFileRoute('/_staff/finances/invoices/$id')({
  params: idParams('id'),
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(invoiceQueryOptions(params.id));
  },
  component: InvoiceRoute,
});

function InvoiceRoute() {
  const { id } = Route.useParams();
  return <InvoicePage key={id} invoiceId={id} />;
}
