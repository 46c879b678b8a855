import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusMessage } from '../../components/status-message.tsx';

/** The reset link without its token (SPEC §2). */
export const Route = createFileRoute('/_public/password-reset/')({
  component: () => (
    <div className="page page--narrow">
      <PageHeader title="Set a New Password" />
      <StatusMessage tone="error">Invalid or missing reset token.</StatusMessage>
    </div>
  ),
});
