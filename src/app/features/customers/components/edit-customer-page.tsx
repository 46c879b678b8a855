import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { errorMessage } from '../../../lib/form-errors.ts';
import { LastUpdated } from '../../../offline/last-updated.tsx';
import { useDeleteCustomer } from '../api/delete-customer.ts';
import { useCustomer } from '../api/get-customer.ts';
import { fullName } from '../customer-values.ts';
import { CustomerEditStatus } from './customer-edit-status.tsx';
import { EditCustomerForm } from './edit-customer-form.tsx';
import '../customers.css';

const DELETE_QUESTION = 'Are you sure you want to delete this customer? This action cannot be undone.';

/** /edit-customer/{id}: the edit form, the state of edits still on this device, and Delete. */
export function EditCustomerPage({ id }: { id: number }) {
  const navigate = useNavigate();
  const query = useCustomer(id);
  const remove = useDeleteCustomer(id);
  const [confirming, setConfirming] = useState(false);
  const customer = query.data;

  const confirmDelete = () => {
    remove.mutate(undefined, {
      onSuccess: () => void navigate({ to: '/customers/list' }),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <div className="page customers-form-page">
      <PageHeader
        title="Edit Customer"
        description={customer ? fullName(customer) : undefined}
        actions={
          <Link to="/details/$id" params={{ id }} className={buttonClass('secondary', 'sm')}>
            Back to details
          </Link>
        }
      />
      {customer ? (
        <>
          <LastUpdated dataUpdatedAt={query.dataUpdatedAt} />
          <CustomerEditStatus id={id} />
          <EditCustomerForm
            customer={customer}
            onDelete={() => {
              remove.reset();
              setConfirming(true);
            }}
            deleteRefusal={
              <Refusal
                message={remove.isError ? errorMessage(remove.error, 'The customer could not be deleted.') : null}
                focusKey={remove.error}
              />
            }
          />
          <ConfirmDialog
            open={confirming}
            title="Delete customer"
            message={DELETE_QUESTION}
            confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
            tone="danger"
            busy={remove.isPending}
            onConfirm={confirmDelete}
            onCancel={() => setConfirming(false)}
          />
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading customer..."
          failure="This customer could not be loaded."
          offline="The customer will appear when the connection returns."
          notFound={{
            message: 'Customer not found.',
            action: (
              <Link to="/customers/list" className={buttonClass('secondary', 'sm')}>
                Customers List
              </Link>
            ),
          }}
        />
      )}
    </div>
  );
}
