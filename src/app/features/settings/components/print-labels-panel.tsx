import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/form-errors.ts';
import { fleetChoiceName, useFleetChoices, type FleetChoice } from '../../fleet/index.ts';
import { useDownloadVehicleLabels } from '../api/download-vehicle-labels.ts';
import '../settings.css';

type Which = 'all' | 'chosen';

const matches = (vehicle: FleetChoice, filter: string) =>
  fleetChoiceName(vehicle).toLowerCase().includes(filter.trim().toLowerCase());

/**
 * Settings, Print labels (issue 23): an A4 PDF of sticky labels, 21 to a sheet, each with a
 * vehicle's QR code, registration, make and model — for the whole fleet in service, or for the
 * vehicles chosen (a new car, a label worn out).
 */
export function PrintLabelsPanel() {
  const fleet = useFleetChoices();
  const download = useDownloadVehicleLabels();
  const titleId = useId();
  const [which, setWhich] = useState<Which>('all');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [filter, setFilter] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const vehicles = fleet.data?.items ?? [];
  const shown = vehicles.filter((vehicle) => matches(vehicle, filter));

  const toggle = (id: number, on: boolean) => {
    setProblem(null);
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const ids =
      which === 'all' ? [] : vehicles.filter((vehicle) => chosen.has(vehicle.id)).map((vehicle) => vehicle.id);
    if (which === 'chosen' && ids.length === 0) {
      setProblem('Choose at least one vehicle.');
      return;
    }
    setProblem(null);
    download.mutate(ids, {
      onSuccess: () =>
        setDone(
          which === 'all'
            ? 'Labels of every vehicle in service downloaded.'
            : `Labels of ${ids.length} ${ids.length === 1 ? 'vehicle' : 'vehicles'} downloaded.`,
        ),
      onError: (error) => setProblem(errorMessage(error, 'The labels could not be prepared. Try again.')),
    });
  };

  return (
    <section className="print-labels" aria-labelledby={titleId}>
      <h2 id={titleId} className="settings-panel__title">
        Print labels
      </h2>
      <p className="settings-panel__lead">
        A PDF of A4 sheets of 21 sticky labels (63.5 × 38.1 mm), each with a vehicle&rsquo;s QR code, registration, make
        and model. Scanning a label opens the vehicle&rsquo;s today card.
      </p>
      <form className="print-labels__form" onSubmit={submit} noValidate aria-label="Print labels">
        <fieldset className="print-labels__which">
          <legend className="field__label">Labels for</legend>
          <label className="print-labels__option">
            <input type="radio" name={`${titleId}-which`} checked={which === 'all'} onChange={() => setWhich('all')} />
            <span>All vehicles in service</span>
          </label>
          <label className="print-labels__option">
            <input
              type="radio"
              name={`${titleId}-which`}
              checked={which === 'chosen'}
              onChange={() => setWhich('chosen')}
            />
            <span>Chosen vehicles</span>
          </label>
        </fieldset>
        {which === 'chosen' ? (
          <ChosenVehicles
            loading={fleet.isPending}
            failed={fleet.isError && !fleet.data}
            vehicles={shown}
            total={vehicles.length}
            chosen={chosen}
            filter={filter}
            onFilter={setFilter}
            onToggle={toggle}
            onClear={() => setChosen(new Set())}
          />
        ) : null}
        <div aria-live="polite">
          {problem ? <StatusMessage tone="error">{problem}</StatusMessage> : null}
          {done ? <StatusMessage tone="success">{done}</StatusMessage> : null}
        </div>
        <div className="form__actions">
          <Button type="submit" disabled={download.isPending}>
            {download.isPending ? 'Preparing PDF...' : 'Download labels (PDF)'}
          </Button>
        </div>
      </form>
    </section>
  );
}

interface ChosenVehiclesProps {
  loading: boolean;
  failed: boolean;
  /** The vehicles the filter shows. */
  vehicles: FleetChoice[];
  total: number;
  chosen: ReadonlySet<number>;
  filter: string;
  onFilter: (text: string) => void;
  onToggle: (id: number, on: boolean) => void;
  onClear: () => void;
}

function ChosenVehicles({
  loading,
  failed,
  vehicles,
  total,
  chosen,
  filter,
  onFilter,
  onToggle,
  onClear,
}: ChosenVehiclesProps) {
  const countId = useId();
  if (failed)
    return <StatusMessage tone="error">Your vehicles could not be loaded. Check your connection.</StatusMessage>;
  if (loading) return <p className="field__hint">Loading your vehicles...</p>;
  if (total === 0) return <p className="field__hint">Your fleet has no vehicle in service yet.</p>;
  return (
    <div className="print-labels__chosen">
      <TextField
        label="Find a vehicle"
        type="search"
        autoComplete="off"
        value={filter}
        onChange={(event) => onFilter(event.target.value)}
      />
      <fieldset className="print-labels__list" aria-describedby={countId}>
        <legend className="visually-hidden">Vehicles to label</legend>
        {vehicles.length === 0 ? <p className="field__hint">No vehicle matches.</p> : null}
        {vehicles.map((vehicle) => (
          <label key={vehicle.id} className="print-labels__option">
            <input
              type="checkbox"
              checked={chosen.has(vehicle.id)}
              onChange={(event) => onToggle(vehicle.id, event.target.checked)}
            />
            <span>{fleetChoiceName(vehicle)}</span>
          </label>
        ))}
      </fieldset>
      <div className="load-more">
        <span id={countId} className="load-more__count" aria-live="polite">
          {chosen.size} of {total} chosen
        </span>
        {chosen.size > 0 ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear choice
          </Button>
        ) : null}
      </div>
    </div>
  );
}
