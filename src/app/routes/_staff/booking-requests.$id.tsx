import { createFileRoute } from '@tanstack/react-router';
import { staffRequestQueryOptions } from '../../features/request-review/api/get-staff-request.ts';
import { ReviewPage } from '../../features/request-review/components/review-page.tsx';
import { idParams } from '../-params.ts';

export const Route = createFileRoute('/_staff/booking-requests/$id')({
  params: idParams('id'),
  loader: ({ context, params }) => {
    // Not awaited: the page shows "Loading...", the cached copy, offline and not-found itself.
    void context.queryClient.prefetchQuery(staffRequestQueryOptions(params.id));
  },
  component: ReviewRoute,
});

function ReviewRoute() {
  const { id } = Route.useParams();
  return <ReviewPage key={id} requestId={id} />;
}
