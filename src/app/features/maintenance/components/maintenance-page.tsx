import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { MAINTENANCE_TYPES } from '#domain/service-due';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/form-errors.ts';
import { formatDate, formatKm, formatMoney } from '../../../lib/format.ts';
import { allItems } from '../../../lib/paging.ts';
import { dateRangeError } from '../../../lib/date-range.ts';
import { useOutboxEntries } from '../../../offline/outbox.ts';
import type { Delivery } from '#app/offline/use-outbox-form-submit';
import { fleetChoiceName, useFleetChoices } from '../../fleet/index.ts';
import { useCurrency } from '#app/lib/currency';
import {
  type MaintenanceFilter,
  type MaintenanceRecord,
  type MaintenanceTotals,
  useDeleteRecord,
  useMaintenanceRecords,
  useMaintenanceTotals,
} from '../api/maintenance.ts';
import { MAINTENANCE_TYPE_LABELS } from '../maintenance-labels.ts';
import { MaintenanceForm } from './maintenance-form.tsx';
import '../maintenance.css';

const DELIVERY_NOTICE: Record<Delivery, { tone: 'success' | 'info' | 'warning'; text: string }> = {
  sent: { tone: 'success', text: 'Record saved.' },
  offline: {
    tone: 'warning',
    text: 'You are offline or the server cannot be reached, so the record is saved on this device. It will be sent automatically when the connection returns.',
  },
  queued: { tone: 'info', text: 'The record is saved on this device and will be sent in a moment.' },
  retrying: {
    tone: 'warning',
    text: 'The server could not save the record. It is kept on this device and will be sent again automatically.',
  },
  'waiting-for-sign-in': {
    tone: 'warning',
    text: 'The record is saved on this device. It will be sent automatically when you sign in again.',
  },
};

type Notice = { tone: 'success' | 'info' | 'warning'; text: string };
/** null: no form; 'new': adding; a record: editing it. */
type Editing = null | 'new' | MaintenanceRecord;

const vehicleName = (record: MaintenanceRecord) => fleetChoiceName(record.vehicle_details);

/** /fleet/maintenance: the fleet's services, repairs, tyres and inspections, filtered, with totals. */
export function MaintenancePage({ filter }: { filter: MaintenanceFilter }) {
  const navigate = useNavigate();
  const query = useMaintenanceRecords(filter);
  const totals = useMaintenanceTotals(filter);
  const remove = useDeleteRecord();
  const waiting = useOutboxEntries({ kind: 'maintenance-record' });
  const currency = useCurrency();
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [deleting, setDeleting] = useState<MaintenanceRecord | null>(null);
  const refusal =
    remove.isError && remove.variables !== undefined ? { id: remove.variables, error: remove.error } : null;
  const records = allItems(query.data?.pages);
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const filtered = Object.values(filter).some((value) => value !== undefined);
  const money = (amount: string) => formatMoney(amount, currency);

  const setFilter = (changes: Partial<MaintenanceFilter>) =>
    void navigate({ to: '/fleet/maintenance', search: { ...filter, ...changes }, replace: true });
  const onDone = useCallback((delivery: Delivery) => {
    setNotice(DELIVERY_NOTICE[delivery]);
    setEditing(null);
  }, []);
  const open = (next: Editing) => {
    setNotice(null);
    setEditing(next);
  };

  return (
    <div className="page">
      <PageHeader
        title="Maintenance Records"
        description="Services, repairs, tyres and inspections of your fleet."
        actions={editing === null ? <Button onClick={() => open('new')}>+ Add Record</Button> : null}
      />
      {notice ? <StatusMessage tone={notice.tone}>{notice.text}</StatusMessage> : null}
      {waiting.length > 0 ? (
        <StatusMessage tone="info">
          <strong>Waiting to send ({waiting.length}):</strong>
          {waiting.map((entry) => (
            <span key={entry.id} className="maintenance-waiting">
              {entry.label}
              {entry.lastError ? ` — ${entry.lastError}` : ''}
            </span>
          ))}
        </StatusMessage>
      ) : null}
      {editing !== null ? (
        <MaintenanceForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          vehicle={filter.vehicle}
          onDone={onDone}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <MaintenanceFilters filter={filter} onChange={setFilter} />
      {totals.data ? <TotalsSummary totals={totals.data} money={money} /> : null}
      {query.data ? (
        <div className="maintenance-list" aria-busy={query.isPlaceholderData}>
          <ListFreshness
            dataUpdatedAt={query.dataUpdatedAt}
            refreshFailed={query.isRefetchError}
            moreFailed={query.isFetchNextPageError}
          />
          {records.length > 0 ? (
            <>
              <RecordTable records={records} money={money} onEdit={open} onDelete={setDeleting} refusal={refusal} />
              <RecordCards records={records} money={money} onEdit={open} onDelete={setDeleting} refusal={refusal} />
              <LoadMore
                shown={records.length}
                total={total}
                noun="records"
                hasMore={query.hasNextPage}
                loading={query.isFetchingNextPage}
                onLoadMore={() => void query.fetchNextPage()}
              />
            </>
          ) : (
            <EmptyState message="No maintenance records found.">
              <p>{filtered ? 'Try another vehicle, type or dates.' : 'Record a service, repair or inspection.'}</p>
            </EmptyState>
          )}
        </div>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading maintenance records..."
          failure="The maintenance records could not be loaded."
          offline="The maintenance records will appear when the connection returns."
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete record"
        message={
          deleting
            ? `Delete the ${MAINTENANCE_TYPE_LABELS[deleting.type].toLowerCase()} of ${vehicleName(deleting)} on ${formatDate(deleting.service_date)}? The vehicle keeps its mileage and next service date.`
            : ''
        }
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => setNotice({ tone: 'success', text: 'Record deleted.' }),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </div>
  );
}

function MaintenanceFilters({
  filter,
  onChange,
}: {
  filter: MaintenanceFilter;
  onChange: (changes: Partial<MaintenanceFilter>) => void;
}) {
  const vehicles = useFleetChoices();
  const blankToUndefined = (value: string) => (value === '' ? undefined : value);
  return (
    <div className="maintenance-filters" role="group" aria-label="Filters">
      <SelectField
        label="Vehicle"
        value={filter.vehicle ?? ''}
        onChange={(event) => onChange({ vehicle: event.target.value ? Number(event.target.value) : undefined })}
      >
        <option value="">All vehicles</option>
        {(vehicles.data?.items ?? []).map((vehicle) => (
          <option key={vehicle.id} value={vehicle.id}>
            {fleetChoiceName(vehicle)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Type"
        value={filter.type ?? ''}
        onChange={(event) => onChange({ type: MAINTENANCE_TYPES.find((type) => type === event.target.value) })}
      >
        <option value="">All types</option>
        {MAINTENANCE_TYPES.map((type) => (
          <option key={type} value={type}>
            {MAINTENANCE_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="From"
        type="date"
        value={filter.from ?? ''}
        onChange={(event) => onChange({ from: blankToUndefined(event.target.value) })}
      />
      <TextField
        label="To"
        type="date"
        value={filter.to ?? ''}
        error={dateRangeError(filter.from, filter.to)}
        onChange={(event) => onChange({ to: blankToUndefined(event.target.value) })}
      />
    </div>
  );
}

function TotalsSummary({ totals, money }: { totals: MaintenanceTotals; money: (amount: string) => string }) {
  const types = totals.by_type.filter((row) => row.count > 0);
  return (
    <section className="maintenance-totals" aria-label="Totals">
      <p className="maintenance-totals__main">
        <span>
          <strong>{totals.count}</strong> {totals.count === 1 ? 'record' : 'records'}
        </span>
        <span>
          Total cost <strong>{money(totals.cost)}</strong>
        </span>
      </p>
      {types.length > 0 ? (
        <ul className="maintenance-totals__types">
          {types.map((row) => (
            <li key={row.type}>
              {MAINTENANCE_TYPE_LABELS[row.type]}: {row.count} · {money(row.cost)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

interface RecordListProps {
  records: MaintenanceRecord[];
  money: (amount: string) => string;
  onEdit: (record: MaintenanceRecord) => void;
  onDelete: (record: MaintenanceRecord) => void;
  /** The refusal of the last Delete, said beside the Delete of its record. */
  refusal: { id: number; error: unknown } | null;
}

function RecordActions({
  record,
  onEdit,
  onDelete,
  refusal,
}: Omit<RecordListProps, 'records' | 'money'> & { record: MaintenanceRecord }) {
  const what = `${MAINTENANCE_TYPE_LABELS[record.type].toLowerCase()} of ${vehicleName(record)} on ${formatDate(record.service_date)}`;
  return (
    <div className="maintenance-actions">
      <Refusal
        className="refusal--block"
        message={refusal?.id === record.id ? errorMessage(refusal.error, 'The record could not be deleted.') : null}
        focusKey={refusal?.error}
      />
      <Button variant="secondary" size="sm" aria-label={`Edit ${what}`} onClick={() => onEdit(record)}>
        Edit
      </Button>
      <Button variant="danger" size="sm" aria-label={`Delete ${what}`} onClick={() => onDelete(record)}>
        Delete
      </Button>
    </div>
  );
}

function RecordTable({ records, money, onEdit, onDelete, refusal }: RecordListProps) {
  return (
    <div className="table-frame maintenance-table">
      <table className="table">
        <caption className="visually-hidden">Maintenance records</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Vehicle</th>
            <th scope="col">Type</th>
            <th scope="col" className="table__cell--number">
              Mileage
            </th>
            <th scope="col" className="table__cell--number">
              Cost
            </th>
            <th scope="col">Garage</th>
            <th scope="col">Next service</th>
            <th scope="col" className="table__cell--actions">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id}>
              <td>{formatDate(record.service_date)}</td>
              <td>{vehicleName(record)}</td>
              <td>
                {MAINTENANCE_TYPE_LABELS[record.type]}
                {record.notes ? <span className="maintenance-notes">{record.notes}</span> : null}
              </td>
              <td className="table__cell--number">{formatKm(record.mileage)}</td>
              <td className="table__cell--number">{money(record.cost)}</td>
              <td>{record.garage ?? '—'}</td>
              <td>{formatDate(record.vehicle_details.next_service_date)}</td>
              <td className="table__cell--actions">
                <RecordActions record={record} onEdit={onEdit} onDelete={onDelete} refusal={refusal} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RecordCards({ records, money, onEdit, onDelete, refusal }: RecordListProps) {
  return (
    <ul className="maintenance-cards" aria-label="Maintenance records">
      {records.map((record) => (
        <li key={record.id} className="panel maintenance-card">
          <div className="maintenance-card__head">
            <strong>{MAINTENANCE_TYPE_LABELS[record.type]}</strong>
            <span>{formatDate(record.service_date)}</span>
          </div>
          <div>{vehicleName(record)}</div>
          <dl className="maintenance-card__facts">
            <dt>Mileage</dt>
            <dd>{formatKm(record.mileage)}</dd>
            <dt>Cost</dt>
            <dd>{money(record.cost)}</dd>
            {record.garage ? (
              <>
                <dt>Garage</dt>
                <dd>{record.garage}</dd>
              </>
            ) : null}
            <dt>Next service</dt>
            <dd>{formatDate(record.vehicle_details.next_service_date)}</dd>
          </dl>
          {record.notes ? <p className="maintenance-notes">{record.notes}</p> : null}
          <RecordActions record={record} onEdit={onEdit} onDelete={onDelete} refusal={refusal} />
        </li>
      ))}
    </ul>
  );
}
