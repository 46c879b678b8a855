import { valibotResolver } from '@hookform/resolvers/valibot';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import type { VehicleImageView } from '#domain/api/vehicles';
import { MAX_VEHICLE_IMAGES } from '#domain/constants';
import { vehicleSchema, type VehicleInput } from '#domain/schemas/vehicle';
import { Button, buttonClass } from '../../../components/button.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { NetworkError } from '../../../lib/api-client.ts';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { refusalParts } from '../../../lib/form-errors.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { vehicleCategoriesQueryOptions } from '../../rates/index.ts';
import { useAgencies } from '../api/list-agencies.ts';
import { useAgentLocations } from '../api/list-agent-locations.ts';
import { locationIds, VEHICLE_FIELDS, type VehicleFormValues } from '../vehicle-form-values.ts';
import { ImagePicker, TOO_MANY_IMAGES } from './image-picker.tsx';
import { LocationPicker } from './location-picker.tsx';
import { UploadProgressBar } from './upload-progress-bar.tsx';

const SAVE_FAILED = 'The vehicle could not be saved. Try again.';
const CANNOT_SAVE_OFFLINE =
  'You are offline. The vehicle cannot be saved until the connection returns; your entries are kept.';

const CATEGORIES_UNAVAILABLE = 'The categories could not be loaded: the current one is kept.';
const CATEGORIES_OFFLINE = 'Offline: the categories will load when the connection returns.';

const FIELDS_BUT_CATEGORY = VEHICLE_FIELDS.filter((name) => name !== 'category_id');

/** The server's names for the image parts of a vehicle request. */
const IMAGE_FIELDS = ['image_uploads', 'images', 'deleted_images'];

export interface ImageChanges {
  added: File[];
  removed: number[];
}

interface VehicleFormProps {
  initial: VehicleFormValues;
  existingImages?: readonly VehicleImageView[];
  /** Only the operator (role staff) chooses the agency; agency users always work in their own. */
  chooseAgency: boolean;
  /**
   * Agency owners and agents choose the vehicle's category; the operator may not read an agency's
   * categories, so its edits keep the vehicle's.
   */
  chooseCategory: boolean;
  submitLabel: string;
  sendingLabel: string;
  sending: boolean;
  /** 0..1 while the request body goes up, null otherwise. */
  progress: number | null;
  /** The last failed send: its field messages go next to the fields. */
  error: unknown;
  /** Called with the form's values as typed once they pass the shared schema (and a connection is there). */
  onValid: (values: VehicleFormValues, images: ImageChanges) => void;
  /** Extra buttons beside Cancel and the submit (Delete on the edit screen). */
  extraActions?: ReactNode;
}

/** The add and edit form of a vehicle: every SPEC §3 field, pickup locations and photos. */
export function VehicleForm({
  initial,
  existingImages = [],
  chooseAgency,
  chooseCategory,
  submitLabel,
  sendingLabel,
  sending,
  progress,
  error,
  onValid,
  extraActions,
}: VehicleFormProps) {
  const online = useOnline();
  // Counts refused offline submits, so each one moves focus to the refusal again.
  const [offlineBlocked, setOfflineBlocked] = useState(0);
  const [added, setAdded] = useState<File[]>([]);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  // The fields drawn: without the category select, a refusal of it goes beside Save.
  const fieldsShown = chooseCategory ? VEHICLE_FIELDS : FIELDS_BUT_CATEGORY;
  // The last failed send's refusal: its field messages, and the sentence beside Save.
  const { fields: refused, message } = refusalParts(error, [...fieldsShown, ...IMAGE_FIELDS], SAVE_FAILED);
  const refusal = error instanceof NetworkError ? CANNOT_SAVE_OFFLINE : message;
  const refusedImages = IMAGE_FIELDS.map((name) => refused[name]).find(Boolean);
  const [imageError, setImageError] = useState<string | undefined>(error ? refusedImages : undefined);
  // A new refusal says what was wrong with the images, until the photos are changed or sent again.
  const [refusalSeen, setRefusalSeen] = useState(error);
  if (error !== refusalSeen) {
    setRefusalSeen(error);
    if (error) setImageError(refusedImages);
  }
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isDirty },
  } = useForm<VehicleFormValues, unknown, VehicleInput>({
    resolver: valibotResolver(vehicleSchema),
    defaultValues: initial,
  });
  const locations = useController({ control, name: 'pickup_locations' });
  const categories = useQuery({ ...vehicleCategoriesQueryOptions(), enabled: chooseCategory });
  const agencies = useAgencies(chooseAgency);
  const locationsQuery = useAgentLocations();
  useDirtyForm(isDirty || added.length > 0 || removed.size > 0);

  const agencyValue = useWatch({ control, name: 'agency_id' });
  const categoryValue = useWatch({ control, name: 'category_id' });
  const agencyId = chooseAgency ? Number(agencyValue) || null : null;

  // The server's per-field messages go under their fields (the first focused); the rest beside Save, once.
  useEffect(() => {
    const { fields } = refusalParts(error, fieldsShown, SAVE_FAILED);
    let first = true;
    for (const name of fieldsShown) {
      const text = fields[name];
      if (!text) continue;
      setError(name, { type: 'server', message: text }, { shouldFocus: first });
      first = false;
    }
  }, [error, setError, fieldsShown]);

  // Back online, the offline refusal is over.
  if (online && offlineBlocked > 0) setOfflineBlocked(0);

  const onSubmit = handleSubmit(() => {
    const kept = existingImages.length - removed.size;
    if (kept + added.length > MAX_VEHICLE_IMAGES) {
      setImageError(TOO_MANY_IMAGES);
      return;
    }
    setImageError(undefined);
    // Vehicle writes are not kept for later: say so instead of sending into the void.
    if (!online) {
      setOfflineBlocked((count) => count + 1);
      return;
    }
    setOfflineBlocked(0);
    // The values as typed, not the parsed ones: money parses to minor units, the server parses again.
    onValid(getValues(), { added, removed: [...removed] });
  });

  const toggleRemoved = (imageId: number) =>
    setRemoved((current) => {
      const next = new Set(current);
      if (next.has(imageId)) next.delete(imageId);
      else next.add(imageId);
      return next;
    });

  const onAgencyChange = (value: string) => {
    // Locations belong to one agency: keep only those of the newly chosen one.
    const allowed = new Set(
      (locationsQuery.data ?? []).filter((location) => location.agency_id === Number(value)).map((l) => l.id),
    );
    setValue(
      'pickup_locations',
      locationIds(getValues('pickup_locations')).filter((id) => allowed.has(id)),
      { shouldDirty: true },
    );
  };

  return (
    <form className="form vehicle-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="panel">
        <fieldset className="form__section">
          <legend className="form__section-title">Vehicle</legend>
          <div className="form__row">
            <TextField label="Make" autoComplete="off" error={errors.make?.message} {...register('make')} />
            <TextField label="Model" autoComplete="off" error={errors.model?.message} {...register('model')} />
          </div>
          <div className="form__row">
            <TextField label="Colour" autoComplete="off" error={errors.color?.message} {...register('color')} />
            <TextField
              label="Manufacture year"
              type="number"
              inputMode="numeric"
              error={errors.manufacture_year?.message}
              {...register('manufacture_year')}
            />
          </div>
          <div className="form__row">
            <TextField
              label="Registration number"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              error={errors.registration_number?.message}
              {...register('registration_number')}
            />
            <SelectField label="Ownership" error={errors.ownership?.message} {...register('ownership')}>
              <option value="">Select ownership</option>
              <option value="company">Company</option>
              <option value="private">Private</option>
            </SelectField>
          </div>
          {chooseCategory ? (
            <div className="form__row">
              {categories.data ? (
                <SelectField label="Category" error={errors.category_id?.message} {...register('category_id')}>
                  <option value="">No category</option>
                  {categories.data.items.map((item) => (
                    <option key={item.id} value={String(item.id)}>
                      {item.name}
                    </option>
                  ))}
                </SelectField>
              ) : (
                // Until the list is there the field stays unregistered: the vehicle's category is kept as it is.
                <SelectField
                  label="Category"
                  disabled
                  value={categoryValue ?? ''}
                  hint={categories.isError ? CATEGORIES_UNAVAILABLE : online ? undefined : CATEGORIES_OFFLINE}
                >
                  <option value={categoryValue ?? ''}>
                    {categories.isError || !online
                      ? categoryValue
                        ? 'Current category'
                        : 'No category'
                      : 'Loading categories...'}
                  </option>
                </SelectField>
              )}
            </div>
          ) : null}
        </fieldset>
      </div>

      <div className="panel">
        <fieldset className="form__section">
          <legend className="form__section-title">Price and mileage</legend>
          <div className="form__row">
            <TextField
              label="Price per day"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              error={errors.price_per_day?.message}
              {...register('price_per_day')}
            />
            <TextField
              label="Deposit"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              error={errors.deposit?.message}
              {...register('deposit')}
            />
          </div>
          <div className="form__row">
            <TextField
              label="Mileage (km)"
              type="number"
              inputMode="numeric"
              min="0"
              error={errors.mileage?.message}
              {...register('mileage')}
            />
            <TextField
              label="Mileage allowance (km per day)"
              type="number"
              inputMode="numeric"
              min="0"
              error={errors.mileage_allowance?.message}
              {...register('mileage_allowance')}
            />
          </div>
        </fieldset>
      </div>

      <div className="panel">
        <fieldset className="form__section">
          <legend className="form__section-title">Service and pickup</legend>
          <div className="form__row">
            <TextField
              label="Next service date"
              type="date"
              error={errors.next_service_date?.message}
              {...register('next_service_date')}
            />
            {chooseAgency ? (
              <SelectField
                label="Agency"
                error={errors.agency_id?.message}
                hint={agencies.isError ? 'The agencies could not be loaded. Reload to try again.' : undefined}
                {...register('agency_id', {
                  onChange: (event: ChangeEvent<HTMLSelectElement>) => onAgencyChange(event.target.value),
                })}
              >
                <option value="">{agencies.data ? 'Select agency' : 'Loading agencies...'}</option>
                {(agencies.data ?? []).map((agency) => (
                  <option key={agency.id} value={String(agency.id)}>
                    {agency.name}
                    {agency.status === 'approved' ? '' : ` (${agency.status})`}
                  </option>
                ))}
              </SelectField>
            ) : null}
          </div>
          <LocationPicker
            query={locationsQuery}
            chooseAgency={chooseAgency}
            agencyId={agencyId}
            value={locationIds(locations.field.value)}
            onChange={(ids) => locations.field.onChange(ids)}
            error={errors.pickup_locations?.message}
            disabled={sending || (chooseAgency && agencyId === null)}
          />
        </fieldset>
      </div>

      <div className="panel">
        <fieldset className="form__section">
          <legend className="form__section-title">Images</legend>
          <ImagePicker
            existing={existingImages}
            removed={removed}
            onToggleRemoved={toggleRemoved}
            added={added}
            onAddedChange={(files) => {
              setAdded(files);
              setImageError(undefined);
            }}
            error={imageError}
            disabled={sending}
          />
        </fieldset>
      </div>

      {sending ? <UploadProgressBar progress={progress} /> : null}

      <div className="form__actions">
        <Refusal
          message={offlineBlocked > 0 ? CANNOT_SAVE_OFFLINE : refusal}
          focusKey={offlineBlocked > 0 ? offlineBlocked : error}
        />
        {extraActions}
        <Link to="/fleet/vehicles" className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={sending}>
          {sending ? sendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
