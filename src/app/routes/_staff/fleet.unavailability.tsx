import { createFileRoute } from '@tanstack/react-router';
import { UnavailabilityPage } from '../../features/unavailability/components/unavailability-page.tsx';
import { definedOnly, searchId } from '../../lib/search-params.ts';

interface UnavailabilitySearch {
  /** Set by a vehicle's today card (Block vehicle): the new period's form starts with it chosen. */
  vehicle?: number | undefined;
}

export const Route = createFileRoute('/_staff/fleet/unavailability')({
  validateSearch: (search: Record<string, unknown>): UnavailabilitySearch =>
    definedOnly<UnavailabilitySearch>({ vehicle: searchId(search['vehicle']) }),
  component: UnavailabilityRoute,
});

function UnavailabilityRoute() {
  const { vehicle } = Route.useSearch();
  return <UnavailabilityPage key={vehicle ?? 'any'} vehicle={vehicle} />;
}
