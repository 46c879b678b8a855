import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { StaffVehicle } from '#domain/api/vehicles';
import { Button, buttonClass } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { Refusal, useFocusWhenShown } from '../../../components/refusal.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/form-errors.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { vehicleCategoriesQueryOptions } from '../../rates/index.ts';
import { useSession } from '../../session/index.ts';
import { useDeleteStaffVehicle } from '../api/delete-staff-vehicle.ts';
import { useStaffVehicle } from '../api/get-staff-vehicle.ts';
import { useAgencies } from '../api/list-agencies.ts';
import { useAgentLocations } from '../api/list-agent-locations.ts';
import { useSetVehicleRetired } from '../api/retire-staff-vehicle.ts';
import { useUpdateStaffVehicle } from '../api/update-staff-vehicle.ts';
import { VEHICLE_DELETED, VEHICLE_UPDATED } from '../fleet-notice.ts';
import {
  appendFields,
  changedFields,
  locationIds,
  VEHICLE_FIELD_LABELS,
  valuesFromVehicle,
  type VehicleField,
  type VehicleFormValues,
} from '../vehicle-form-values.ts';
import { VehicleForm, type ImageChanges } from './vehicle-form.tsx';
import '../fleet.css';

const DELETE_VEHICLE = 'Are you sure you want to delete this vehicle? This action cannot be undone.';
const NO_CHANGES = 'No changes detected.';
const RETIRED_NOTICE = 'it is hidden from the public list and from new bookings; its history is kept.';
const JUST_REINSTATED = 'Vehicle returned to service. It appears in the public list again.';

/** /edit-vehicle/{id}: the vehicle's form with a confirm-changes dialog, and its deletion. */
export function EditVehiclePage({ id }: { id: number }) {
  const query = useStaffVehicle(id);
  return (
    <div className="page fleet-form-page">
      <PageHeader title="Edit Vehicle" description="Change this vehicle's details and images." />
      {query.data ? (
        <EditVehicle vehicle={query.data} />
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading vehicle..."
          failure="The vehicle could not be loaded."
          offline="The vehicle will appear when the connection returns."
          notFound={{
            message: 'Vehicle not found.',
            action: (
              <Link to="/fleet/vehicles" className={buttonClass('secondary', 'sm')}>
                Back to vehicles
              </Link>
            ),
          }}
        />
      )}
    </div>
  );
}

interface Pending {
  values: VehicleFormValues;
  images: ImageChanges;
  fields: VehicleField[];
}

function EditVehicle({ vehicle }: { vehicle: StaffVehicle }) {
  const navigate = useNavigate();
  const online = useOnline();
  const role = useSession()?.role;
  const chooseAgency = role === 'staff';
  const update = useUpdateStaffVehicle();
  const remove = useDeleteStaffVehicle();
  const retirement = useSetVehicleRetired();
  const retired = vehicle.retired_at !== null;
  // A 409 on Delete means the vehicle has history: Retire is the way forward, offered in the refusal.
  const hasHistory = remove.error instanceof ApiError && remove.error.status === 409 && !retired;
  // The Retire button lived in the refusal, which goes: focus moves to the page's new state instead.
  const stateNotice = useFocusWhenShown<HTMLDivElement>(retirement.data ?? null);
  const setRetired = (value: boolean) => {
    remove.reset();
    retirement.mutate({ id: vehicle.id, retired: value });
  };
  const agencies = useAgencies(chooseAgency);
  const locations = useAgentLocations();
  const categories = useQuery({ ...vehicleCategoriesQueryOptions(), enabled: !chooseAgency });
  // The form starts from the vehicle as first loaded: a background refetch must not reset typing.
  const [initial] = useState(() => valuesFromVehicle(vehicle));
  const [pending, setPending] = useState<Pending | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const describe = (field: VehicleField, values: VehicleFormValues): string => {
    if (field === 'pickup_locations') {
      const names = locationIds(values.pickup_locations).map(
        (locationId) => locations.data?.find((location) => location.id === locationId)?.name ?? `#${locationId}`,
      );
      return names.length > 0 ? names.join(', ') : 'none';
    }
    const value = String(values[field] ?? '').trim();
    if (field === 'ownership') return value === 'company' ? 'Company' : value === 'private' ? 'Private' : value;
    if (field === 'category_id') {
      if (value === '') return 'No category';
      return categories.data?.items.find((item) => String(item.id) === value)?.name ?? value;
    }
    if (field === 'agency_id') return agencies.data?.find((agency) => String(agency.id) === value)?.name ?? value;
    return value === '' ? '(empty)' : value;
  };

  const changes = pending
    ? [
        ...pending.fields.map(
          (field) => `${VEHICLE_FIELD_LABELS[field]}: ${describe(field, initial)} → ${describe(field, pending.values)}`,
        ),
        ...(pending.images.removed.length > 0 ? [`Images removed: ${pending.images.removed.length}`] : []),
        ...(pending.images.added.length > 0 ? [`Images added: ${pending.images.added.length}`] : []),
      ]
    : [];

  const save = () => {
    if (!pending) return;
    const form = new FormData();
    appendFields(form, pending.values, pending.fields);
    for (const file of pending.images.added) form.append('images', file, file.name);
    if (pending.images.removed.length > 0) form.append('deleted_images', JSON.stringify(pending.images.removed));
    setProgress(null);
    setPending(null);
    update.mutate(
      { id: vehicle.id, form, onProgress: setProgress },
      { onSuccess: () => void navigate({ to: '/fleet/vehicles', state: { fleetNotice: VEHICLE_UPDATED } }) },
    );
  };

  const confirmDelete = () =>
    remove.mutate(vehicle.id, {
      onSuccess: () => void navigate({ to: '/fleet/vehicles', state: { fleetNotice: VEHICLE_DELETED } }),
      onSettled: () => setDeleting(false),
    });

  return (
    <>
      <div ref={stateNotice} tabIndex={-1} className="vehicle-state-notice">
        {retired ? (
          <StatusMessage
            tone={retirement.isSuccess ? 'success' : 'info'}
            action={
              <Button variant="secondary" size="sm" disabled={retirement.isPending} onClick={() => setRetired(false)}>
                {retirement.isPending ? 'Returning...' : 'Return to Service'}
              </Button>
            }
          >
            {`${retirement.isSuccess ? 'Vehicle retired' : 'This vehicle is retired'}: ${RETIRED_NOTICE}`}
          </StatusMessage>
        ) : retirement.isSuccess ? (
          <StatusMessage tone="success">{JUST_REINSTATED}</StatusMessage>
        ) : null}
      </div>
      <Refusal
        className="refusal--block"
        message={
          retirement.error ? errorMessage(retirement.error, 'The vehicle could not be changed. Try again.') : null
        }
        focusKey={retirement.error}
      />
      <VehicleForm
        initial={initial}
        existingImages={vehicle.images}
        chooseAgency={chooseAgency}
        chooseCategory={!chooseAgency}
        submitLabel="Save Changes"
        sendingLabel="Saving..."
        sending={update.isPending}
        progress={progress}
        error={update.error}
        onValid={(values, images) => setPending({ values, images, fields: changedFields(initial, values) })}
        extraActions={
          <>
            <Refusal
              message={remove.error ? errorMessage(remove.error, 'The vehicle could not be deleted. Try again.') : null}
              focusKey={remove.error}
              action={
                hasHistory ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={retirement.isPending}
                    onClick={() => setRetired(true)}
                  >
                    {retirement.isPending ? 'Retiring...' : 'Retire Vehicle'}
                  </Button>
                ) : null
              }
            />
            <Button
              variant="danger"
              className="vehicle-form__delete"
              disabled={update.isPending || remove.isPending}
              onClick={() => {
                remove.reset();
                setDeleting(true);
              }}
            >
              {remove.isPending ? 'Deleting...' : 'Delete Vehicle'}
            </Button>
          </>
        }
      />
      <ConfirmDialog
        open={pending !== null}
        title={changes.length > 0 ? 'Save these changes?' : 'Nothing to save'}
        message={
          changes.length > 0 ? (
            <ul className="change-list">
              {changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          ) : (
            NO_CHANGES
          )
        }
        confirmLabel={changes.length > 0 ? 'Save Changes' : 'OK'}
        cancelLabel={changes.length > 0 ? 'Keep Editing' : 'Close'}
        onConfirm={changes.length > 0 ? save : () => setPending(null)}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        open={deleting}
        title="Delete vehicle"
        message={
          online
            ? DELETE_VEHICLE
            : `${DELETE_VEHICLE} You are offline: the vehicle can be deleted once the connection returns.`
        }
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
      />
    </>
  );
}
