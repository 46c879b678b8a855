import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/button.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { errorMessage } from '../../../lib/form-errors.ts';
import { LastUpdated } from '../../../offline/last-updated.tsx';
import { ownCustomerQueryOptions } from '../../customers/index.ts';
import { useSession } from '../../session/index.ts';
import { DevicePanel } from '../../settings/index.ts';
import { PasswordForm } from '../../settings/index.ts';
import { ProfileForm } from './profile-form.tsx';
import '../customer-settings.css';

/** `/settings` for a customer: their details and license (through the outbox), password and this device. */
export function CustomerSettings() {
  // An edit form starts from the server's copy: the restored cache may predate the last save.
  const customer = useQuery({ ...ownCustomerQueryOptions(), refetchOnMount: 'always' });
  const user = useSession();
  return (
    <div className="page settings-page customer-settings">
      <PageHeader
        title="Settings"
        description="Your details, driver's license, password and this device's offline data."
      />
      <section className="panel settings-panel">
        {customer.data ? (
          <ProfileForm customer={customer.data} lastUpdated={<LastUpdated dataUpdatedAt={customer.dataUpdatedAt} />} />
        ) : customer.isError ? (
          <StatusMessage
            tone="error"
            action={
              <Button variant="secondary" size="sm" onClick={() => void customer.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(customer.error, 'Your details could not be loaded.')}
          </StatusMessage>
        ) : (
          <LoadingState label="Loading your details..." />
        )}
      </section>
      <section className="panel settings-panel">
        <PasswordForm />
      </section>
      {user ? (
        <div className="panel settings-panel">
          <DevicePanel user={user} />
        </div>
      ) : null}
    </div>
  );
}
