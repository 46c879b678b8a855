export const WIZARD_STEPS = ['Upload ID', 'Make Payment', 'Confirm Details'] as const;

interface WizardProgressProps {
  /** 0-based index of the step on screen. */
  current: number;
  /** Steps with a problem the user must fix (e.g. a failed upload). */
  invalid?: readonly number[];
}

/** The progress header: the three steps, the current one marked for screen readers too. */
export function WizardProgress({ current, invalid = [] }: WizardProgressProps) {
  return (
    <ol className="wizard-progress" aria-label="Progress">
      {WIZARD_STEPS.map((label, index) => {
        const state = invalid.includes(index)
          ? 'invalid'
          : index < current
            ? 'done'
            : index === current
              ? 'current'
              : 'todo';
        return (
          <li
            key={label}
            className={`wizard-progress__step wizard-progress__step--${state}`}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="wizard-progress__marker" aria-hidden="true">
              {state === 'done' ? '✓' : state === 'invalid' ? '!' : index + 1}
            </span>
            <span className="wizard-progress__label">
              {label}
              {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
              {state === 'invalid' ? <span className="visually-hidden"> (needs attention)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
