interface LoadingStateProps {
  /** The spec's text where it names one, e.g. "Loading vehicles..." */
  label?: string;
}

/** A spinner with a label that screen readers announce. */
export function LoadingState({ label = 'Loading...' }: LoadingStateProps) {
  return (
    <div className="loading-state" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
