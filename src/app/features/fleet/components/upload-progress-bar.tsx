import { useId } from 'react';

/** How much of the vehicle (with its photos) has gone up; indeterminate until the browser knows. */
export function UploadProgressBar({ progress }: { progress: number | null }) {
  const labelId = useId();
  const percent = progress === null ? null : Math.round(progress * 100);
  const text =
    percent === null
      ? 'Sending...'
      : percent < 100
        ? `Uploading... ${percent}%`
        : 'Uploaded. Waiting for the server...';
  return (
    <div className="upload-progress">
      <p id={labelId} className="upload-progress__label" role="status" aria-live="polite">
        {text}
      </p>
      <progress
        className="upload-progress__bar"
        aria-labelledby={labelId}
        max={100}
        {...(percent === null ? {} : { value: percent })}
      />
    </div>
  );
}
