import { createFileRoute } from '@tanstack/react-router';
import { prefetchRateScreen } from '../../features/rates/api/rate-queries.ts';
import { RatesPage } from '../../features/rates/components/rates-page.tsx';

/** `/settings/rates`, Settings → Rates & extras: the agency's price list (owner changes, agents read). */
export const Route = createFileRoute('/_staff/settings/rates')({
  // The operator has no agency, so no price list to ask for.
  loader: ({ context }) => {
    if (context.user.agency) prefetchRateScreen(context.queryClient);
  },
  component: RatesPage,
});
