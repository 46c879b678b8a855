import { useId } from 'react';

/**
 * How much of the vehicle (with its photos) has gone up; indeterminate until the browser knows.
 * Screen readers hear the phase (uploading, then waiting), not every percent.
 */
export function UploadProgressBar({ progress }: { progress: number | null }) {
  const labelId = useId();
  const percent = progress === null ? null : Math.round(progress * 100);
  const done = percent !== null && percent >= 100;
  const phase = done ? 'Uploaded. Waiting for the server...' : 'Uploading...';
  return (
    <div className="upload-progress">
      <p id={labelId} className="upload-progress__label">
        {done || percent === null ? phase : `${phase} ${percent}%`}
      </p>
      <span className="visually-hidden" role="status">
        {phase}
      </span>
      <progress
        className="upload-progress__bar"
        aria-labelledby={labelId}
        max={100}
        {...(percent === null ? {} : { value: percent })}
      />
    </div>
  );
}
