import { createFileRoute } from '@tanstack/react-router';
import { customerQueryOptions } from '../../features/customers/api/get-customer.ts';
import { EditCustomerPage } from '../../features/customers/components/edit-customer-page.tsx';
import { idParams } from '../-params.ts';

export const Route = createFileRoute('/_staff/edit-customer/$id')({
  params: idParams('id'),
  // Not awaited: the page shows its own loading, offline and not-found states.
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(customerQueryOptions(params.id)),
  component: EditCustomerRoute,
});

function EditCustomerRoute() {
  const { id } = Route.useParams();
  // A new form for another customer: nothing typed for one is carried to the next.
  return <EditCustomerPage key={id} id={id} />;
}
