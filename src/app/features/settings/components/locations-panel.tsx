import { valibotResolver } from '@hookform/resolvers/valibot';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { locationFormSchema, type LocationFormInput } from '#domain/schemas/location';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { StatusMessage, type StatusTone } from '../../../components/status-message.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { errorMessage, refusalOf } from '../../../lib/form-errors.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { locationsQueryOptions, useLocationWrites, type PickupLocation } from '../api/locations.ts';

const NEEDS_CONNECTION = 'Changing pickup locations needs a connection. Try again when you are back online.';
const FIELDS = ['name', 'city', 'address'] as const;
const EMPTY: v.InferInput<typeof locationFormSchema> = { name: '', city: '', address: '' };

/** What the last action said; a refusal names its row (`id`) and is said there. */
type Outcome = { tone: StatusTone; text: string; id?: number };

const vehiclesLabel = (count: number) => `${count} ${count === 1 ? 'vehicle' : 'vehicles'}`;

/**
 * Settings, Pickup locations (agency and agent users): the agency's places with how many vehicles
 * use each; add, edit in place, and remove after a confirmation (the server says why not when a
 * vehicle or an upcoming booking still uses one).
 */
export function LocationsPanel() {
  const online = useOnline();
  const locations = useQuery(locationsQueryOptions());
  const writes = useLocationWrites();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removing, setRemoving] = useState<PickupLocation | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const remove = async (location: PickupLocation) => {
    setOutcome(null);
    try {
      await writes.remove.mutateAsync(location.id);
      setOutcome({ tone: 'success', text: `${location.name} has been removed.` });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, 'The location could not be removed.'), id: location.id });
    } finally {
      setRemoving(null);
    }
  };

  const items = locations.data?.items;
  return (
    <section className="locations-panel" aria-labelledby="locations-panel-title">
      <h2 id="locations-panel-title" className="settings-panel__title">
        Pickup locations
      </h2>
      <p className="settings-panel__lead">Where customers collect and return your vehicles.</p>
      {!online ? <StatusMessage tone="warning">{NEEDS_CONNECTION}</StatusMessage> : null}
      {items ? (
        items.length === 0 ? (
          <EmptyState message="No pickup locations yet." />
        ) : (
          <ul className="settings-list">
            {items.map((location) =>
              editing === location.id ? (
                <li key={location.id} className="settings-list__item">
                  <LocationForm
                    location={location}
                    online={online}
                    onDone={(saved) => {
                      setEditing(null);
                      if (saved) setOutcome({ tone: 'success', text: `${saved.name} has been saved.` });
                    }}
                  />
                </li>
              ) : (
                <li key={location.id} className="settings-list__item">
                  <div className="settings-list__who">
                    <span className="settings-list__name">
                      {location.name}, {location.city}
                    </span>
                    <span className="settings-list__detail">
                      {location.address || 'No address yet'} · {vehiclesLabel(location.vehicles)}
                    </span>
                  </div>
                  <div className="settings-list__status">
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={!online}
                      aria-label={`Edit ${location.name}`}
                      onClick={() => setEditing(location.id)}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={!online}
                      aria-label={`Remove ${location.name}`}
                      onClick={() => setRemoving(location)}
                    >
                      Remove
                    </Button>
                  </div>
                  {outcome?.tone === 'error' && outcome.id === location.id ? (
                    <Refusal className="refusal--block" message={outcome.text} />
                  ) : null}
                </li>
              ),
            )}
          </ul>
        )
      ) : locations.isError ? (
        <StatusMessage
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void locations.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(locations.error, 'Your pickup locations could not be loaded.')}
        </StatusMessage>
      ) : (
        <LoadingState label="Loading your pickup locations..." />
      )}
      {outcome && outcome.tone !== 'error' ? <StatusMessage tone={outcome.tone}>{outcome.text}</StatusMessage> : null}
      {editing === 'new' ? (
        <LocationForm
          location={null}
          online={online}
          onDone={(saved) => {
            setEditing(null);
            if (saved) setOutcome({ tone: 'success', text: `${saved.name} has been added.` });
          }}
        />
      ) : (
        <div className="form__actions">
          <Button variant="secondary" disabled={!online} onClick={() => setEditing('new')}>
            Add location
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this pickup location?"
        message={removing ? `${removing.name}, ${removing.city} will no longer be offered to customers.` : ''}
        confirmLabel="Remove"
        tone="danger"
        busy={writes.remove.isPending}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

/** Name, city and address of a new location (`location` null) or of one being edited. */
function LocationForm({
  location,
  online,
  onDone,
}: {
  location: PickupLocation | null;
  online: boolean;
  onDone: (saved: PickupLocation | null) => void;
}) {
  const { add, edit } = useLocationWrites();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<v.InferInput<typeof locationFormSchema>, unknown, LocationFormInput>({
    resolver: valibotResolver(locationFormSchema),
    defaultValues: location ? { name: location.name, city: location.city, address: location.address } : EMPTY,
  });
  useDirtyForm(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onDone(location ? await edit.mutateAsync({ id: location.id, changes: values }) : await add.mutateAsync(values));
    } catch (error) {
      setFailure(refusalOf(error, setError, FIELDS, 'The location could not be saved.'));
    }
  });

  const title = location ? `Edit ${location.name}` : 'Add location';
  return (
    <form className="form settings-subform" onSubmit={onSubmit} noValidate aria-label={title}>
      <h3 className="settings-subform__title">{title}</h3>
      <div className="form__row">
        <TextField label="Name" error={errors.name?.message} {...register('name')} />
        <TextField label="City" error={errors.city?.message} {...register('city')} />
      </div>
      <TextField
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="form__actions">
        <Refusal message={failure} />
        <Button variant="ghost" onClick={() => onDone(null)} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting || !online}>
          {isSubmitting ? 'Saving...' : location ? 'Save location' : 'Add location'}
        </Button>
      </div>
    </form>
  );
}
