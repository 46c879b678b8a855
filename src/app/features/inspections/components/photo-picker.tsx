import { useId, useRef, useState } from 'react';
import { MAX_INSPECTION_PHOTOS } from '#domain/schemas/inspection';
import { Button } from '../../../components/button.tsx';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { resizePhoto } from '../resize-photo.ts';

const NOT_AN_IMAGE = 'Please select a valid image file (JPG, PNG, etc.).';
const TOO_MANY = `Add at most ${MAX_INSPECTION_PHOTOS} photos to an inspection.`;

interface PhotoPickerProps {
  photos: readonly Blob[];
  onChange: (photos: Blob[]) => void;
  error?: string | undefined;
  disabled: boolean;
  /** Busy resizing: the form waits before it saves. */
  onBusyChange: (busy: boolean) => void;
}

/**
 * Photos taken with the device's camera (or chosen), each scaled down on the device before the
 * form keeps it; thumbnails with Remove.
 */
export function PhotoPicker({ photos, onChange, error, disabled, onBusyChange }: PhotoPickerProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [resizing, setResizing] = useState(false);
  const message = problem ?? error;

  const pick = async (files: File[]) => {
    if (input.current) input.current.value = '';
    const room = MAX_INSPECTION_PHOTOS - photos.length;
    setProblem(files.length > room ? TOO_MANY : null);
    setResizing(true);
    onBusyChange(true);
    const resized: Blob[] = [];
    for (const file of files.slice(0, Math.max(0, room))) {
      try {
        resized.push(await resizePhoto(file));
      } catch {
        setProblem(NOT_AN_IMAGE);
      }
    }
    setResizing(false);
    onBusyChange(false);
    if (resized.length) onChange([...photos, ...resized]);
  };

  return (
    <div className="photo-picker">
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Photos
        </label>
        <input
          ref={input}
          id={inputId}
          className="field__input"
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          disabled={disabled || photos.length >= MAX_INSPECTION_PHOTOS}
          aria-describedby={[hintId, message ? errorId : null].filter(Boolean).join(' ')}
          aria-invalid={message ? true : undefined}
          onChange={(event) => void pick([...(event.target.files ?? [])])}
        />
        <p id={hintId} className="field__hint">
          {resizing
            ? 'Preparing photos...'
            : `Up to ${MAX_INSPECTION_PHOTOS} photos; they are made smaller on this device before saving.`}
        </p>
        {message ? (
          <p id={errorId} className="field__error">
            {message}
          </p>
        ) : null}
      </div>
      {photos.length > 0 ? (
        <ul className="photo-picker__list" aria-label="Photos to save">
          {photos.map((photo, index) => (
            <PhotoThumb
              key={index}
              photo={photo}
              index={index}
              disabled={disabled}
              onRemove={() => onChange(photos.filter((_, at) => at !== index))}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function PhotoThumb({
  photo,
  index,
  disabled,
  onRemove,
}: {
  photo: Blob;
  index: number;
  disabled: boolean;
  onRemove: () => void;
}) {
  const url = useObjectUrl(photo);
  return (
    <li className="photo-thumb">
      {url ? <img className="photo-thumb__img" src={url} alt={`Photo ${index + 1}`} /> : null}
      <Button variant="secondary" size="sm" disabled={disabled} onClick={onRemove}>
        Remove photo {index + 1}
      </Button>
    </li>
  );
}
