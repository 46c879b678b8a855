import { Fragment, useState } from 'react';
import { AGENCY_STATUSES, type AgencyStatus } from '#domain/constants';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/form-errors.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSession } from '../../session/index.ts';
import { useSetSupplierStatus, useSuppliers, type AgencyProfile } from '../api/suppliers.ts';
import { EditSupplierDialog } from './edit-supplier-dialog.tsx';
import { OwnAgencyView } from './own-agency-view.tsx';
import { statusAction, SUPPLIER_STATUS_LABELS, SUPPLIER_STATUS_TONES } from './supplier-status.ts';
import '../suppliers.css';

/**
 * /suppliers/list: the operator approves, suspends, reinstates and edits the platform's agencies;
 * an agency's owner and agents see their own agency instead.
 */
export function SupplierListPage() {
  const role = useSession()?.role;
  if (role === 'agency' || role === 'agent') return <OwnAgencyView isOwner={role === 'agency'} />;
  if (role !== 'staff') {
    return (
      <div className="page">
        <PageHeader title="Supplier List" />
        <StatusMessage>Only the platform operator manages suppliers.</StatusMessage>
      </div>
    );
  }
  return <OperatorSupplierList />;
}

function OperatorSupplierList() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AgencyStatus | 'all'>('all');
  const query = useSuppliers({ search: useDebouncedValue(search), status });
  const setAgencyStatus = useSetSupplierStatus();
  const [confirming, setConfirming] = useState<AgencyProfile | null>(null);
  const [editing, setEditing] = useState<AgencyProfile | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success'; text: string } | null>(null);
  /** A refused status change, said in the row of the agency whose button asked for it. */
  const [refusal, setRefusal] = useState<{ id: number; error: unknown } | null>(null);
  const action = confirming ? statusAction(confirming.status, confirming.name) : null;

  const confirm = () => {
    if (!confirming || !action) return;
    const id = confirming.id;
    setNotice(null);
    setRefusal(null);
    setAgencyStatus.mutate(
      { id: confirming.id, status: action.next },
      {
        onSuccess: (agency) => {
          setNotice({
            tone: 'success',
            text: `${agency.name} is now ${SUPPLIER_STATUS_LABELS[agency.status].toLowerCase()}.`,
          });
          setConfirming(null);
        },
        onError: (error) => {
          setRefusal({ id, error });
          setConfirming(null);
        },
      },
    );
  };

  return (
    <div className="page">
      <PageHeader title="Supplier List" description="Approve, suspend and edit the agencies of the platform." />
      {notice ? <StatusMessage tone={notice.tone}>{notice.text}</StatusMessage> : null}
      <div className="supplier-tools" role="search">
        <TextField label="Search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as AgencyStatus | 'all')}
        >
          <option value="all">All</option>
          {AGENCY_STATUSES.map((value) => (
            <option key={value} value={value}>
              {SUPPLIER_STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </div>
      {query.data ? (
        query.data.items.length > 0 ? (
          <div className="table-frame" aria-busy={query.isPlaceholderData}>
            <table className="table supplier-table">
              <caption className="visually-hidden">Suppliers ({query.data.total})</caption>
              <thead>
                <tr>
                  <th scope="col">Agency</th>
                  <th scope="col">Contact</th>
                  <th scope="col">Vehicles</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((agency) => (
                  <Fragment key={agency.id}>
                    <tr>
                      <td>
                        <span className="supplier-table__name">
                          {agency.logo ? <img src={agency.logo} alt="" width={32} height={32} /> : null}
                          {agency.name}
                        </span>
                      </td>
                      <td>
                        <a href={`mailto:${agency.contact_email}`}>{agency.contact_email}</a>
                        <br />
                        {agency.phone_number}
                      </td>
                      <td>
                        {agency.vehicle_count} {agency.vehicle_count === 1 ? 'vehicle' : 'vehicles'}
                      </td>
                      <td>
                        <StatusBadge tone={SUPPLIER_STATUS_TONES[agency.status]}>
                          {SUPPLIER_STATUS_LABELS[agency.status]}
                        </StatusBadge>
                      </td>
                      <td className="supplier-table__actions">
                        <Button
                          size="sm"
                          variant={agency.status === 'approved' ? 'danger' : 'primary'}
                          aria-label={`${statusAction(agency.status, agency.name).label} ${agency.name}`}
                          onClick={() => setConfirming(agency)}
                        >
                          {statusAction(agency.status, agency.name).label}
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`Edit ${agency.name}`}
                          onClick={() => setEditing(agency)}
                        >
                          Edit
                        </Button>
                      </td>
                    </tr>
                    {refusal?.id === agency.id ? (
                      <tr>
                        <td colSpan={5}>
                          <Refusal
                            message={errorMessage(refusal.error, 'The agency could not be changed.')}
                            focusKey={refusal.error}
                          />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <EmptyState message="No suppliers found." />
        )
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading suppliers..."
          failure="The suppliers could not be loaded."
          offline="The suppliers will appear when the connection returns."
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={action ? `${action.label} agency` : ''}
        message={action?.message ?? ''}
        confirmLabel={action?.label ?? 'Confirm'}
        tone={action?.next === 'suspended' ? 'danger' : 'primary'}
        busy={setAgencyStatus.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
      <EditSupplierDialog agency={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
