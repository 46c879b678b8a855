import { createFileRoute } from '@tanstack/react-router';
import { PlannerPage, type PlannerSearch } from '../../features/planner/components/planner-page.tsx';
import { definedOnly, searchId, searchText } from '../../lib/search-params.ts';

const ZOOMS = ['day', 'week', 'month'] as const;
const GROUPS = ['category', 'location'] as const;

export const Route = createFileRoute('/_staff/fleet/planner')({
  validateSearch: (search: Record<string, unknown>): PlannerSearch =>
    definedOnly<PlannerSearch>({
      date: searchText(search['date']),
      zoom: ZOOMS.find((zoom) => zoom === search['zoom']),
      group: GROUPS.find((group) => group === search['group']),
      category: searchId(search['category']),
      location: searchId(search['location']),
      q: searchText(search['q']),
    }),
  component: PlannerRoute,
});

function PlannerRoute() {
  return <PlannerPage search={Route.useSearch()} />;
}
