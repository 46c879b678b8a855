import { useId, useState } from 'react';
import { DAMAGE_NOTE_MAX, MAX_DAMAGE_MARKS, type DamageMark } from '#domain/schemas/inspection';
import { Button } from '../../../components/button.tsx';
import { CAR_AREAS, CarOutline, nearestArea } from './car-outline.tsx';

interface DamageMarksProps {
  marks: readonly DamageMark[];
  onChange: (marks: DamageMark[]) => void;
  /** The pickup's marks, drawn hollow on a return's outline. */
  earlier?: readonly DamageMark[] | undefined;
  error?: string | undefined;
  disabled: boolean;
}

/**
 * Damage marked on the car: a tap on the outline adds a numbered mark there, or an area is chosen
 * from the list (keyboard); each mark gets a note and can be removed.
 */
export function DamageMarks({ marks, onChange, earlier, error, disabled }: DamageMarksProps) {
  const areaId = useId();
  const errorId = useId();
  const [area, setArea] = useState(0);
  const full = marks.length >= MAX_DAMAGE_MARKS;
  const add = (x: number, y: number) => {
    if (!disabled && !full) onChange([...marks, { x, y, note: '' }]);
  };
  const update = (index: number, note: string) =>
    onChange(marks.map((mark, at) => (at === index ? { ...mark, note } : mark)));

  return (
    <fieldset
      className="damage-marks"
      aria-describedby={error ? errorId : undefined}
      // Marked invalid and focusable, so a refused save moves focus here, where its message is.
      aria-invalid={error ? true : undefined}
      tabIndex={-1}
    >
      <legend className="field__label">Damage</legend>
      <div className="damage-marks__layout">
        <CarOutline
          marks={marks}
          earlier={earlier}
          onAdd={add}
          label={`Car outline, seen from above, front at the top: tap where there is damage. ${marks.length} mark(s).`}
        />
        <div className="damage-marks__side">
          <div className="damage-marks__add">
            <div className="field">
              <label className="field__label" htmlFor={areaId}>
                Area
              </label>
              <select
                id={areaId}
                className="field__input field__select"
                value={area}
                disabled={disabled}
                onChange={(event) => setArea(Number(event.target.value))}
              >
                {CAR_AREAS.map((option, index) => (
                  <option key={option.name} value={index}>
                    {option.name}
                  </option>
                ))}
              </select>
            </div>
            <Button
              variant="secondary"
              disabled={disabled || full}
              onClick={() => {
                const chosen = CAR_AREAS[area] ?? CAR_AREAS[0];
                add(chosen.x, chosen.y);
              }}
            >
              Add damage mark
            </Button>
          </div>
          {marks.length === 0 ? (
            <p className="damage-marks__none">No damage marked. Tap the outline where you see any.</p>
          ) : (
            <ol className="damage-marks__list">
              {marks.map((mark, index) => (
                <li key={index} className="damage-marks__item">
                  <span className="damage-marks__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <label className="damage-marks__note">
                    <span className="visually-hidden">
                      Note for mark {index + 1} ({nearestArea(mark)})
                    </span>
                    <span aria-hidden="true" className="damage-marks__area">
                      {nearestArea(mark)}
                    </span>
                    <input
                      className="field__input"
                      value={mark.note}
                      maxLength={DAMAGE_NOTE_MAX}
                      placeholder="What is it? e.g. scratch, dent"
                      disabled={disabled}
                      onChange={(event) => update(index, event.target.value)}
                    />
                  </label>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={disabled}
                    onClick={() => onChange(marks.filter((_, at) => at !== index))}
                  >
                    Remove mark {index + 1}
                  </Button>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
