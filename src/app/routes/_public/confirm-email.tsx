import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailPage } from '../../features/accounts/components/confirm-email-page.tsx';
import { definedOnly, searchText } from '../../lib/search-params.ts';

interface ConfirmEmailSearch {
  token?: string | undefined;
}

/** The link in the confirmation e-mail (`${PUBLIC_URL}/confirm-email?token=<token>`). */
export const Route = createFileRoute('/_public/confirm-email')({
  validateSearch: (search: Record<string, unknown>): ConfirmEmailSearch =>
    definedOnly<ConfirmEmailSearch>({ token: searchText(search['token']) }),
  component: function ConfirmEmailRoute() {
    const { token } = Route.useSearch();
    return <ConfirmEmailPage token={token} />;
  },
});
