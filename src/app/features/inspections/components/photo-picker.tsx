import { useId, useRef, useState } from 'react';
import { MAX_INSPECTION_PHOTOS } from '#domain/schemas/inspection';
import { useFocusWhenShown } from '../../../components/refusal.tsx';
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

const countText = (count: number) =>
  count === 0 ? `No photos yet (up to ${MAX_INSPECTION_PHOTOS}).` : `${count} of ${MAX_INSPECTION_PHOTOS} photos`;

/**
 * Photos taken with the device's camera ("Take photo") or chosen from its gallery, each scaled
 * down on the device before the form keeps it; the count and small thumbnails in a grid, each
 * with its own Remove. The file inputs are hidden behind two real buttons, so the picker is
 * reached and used from the keyboard like any other control.
 */
export function PhotoPicker({ photos, onChange, error, disabled, onBusyChange }: PhotoPickerProps) {
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [resizing, setResizing] = useState(false);
  const message = problem ?? error;
  // A photo refused while picking is said here, beside the buttons, and focus comes to it.
  const frame = useFocusWhenShown<HTMLDivElement>(problem);
  const full = photos.length >= MAX_INSPECTION_PHOTOS;

  const pick = async (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length === 0) return;
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

  const describedBy = [hintId, message ? errorId : null].filter(Boolean).join(' ');
  return (
    <div
      ref={frame}
      className="photo-picker"
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      // Marked invalid and focusable, so a refused save moves focus here, where its message is.
      aria-invalid={message ? true : undefined}
      tabIndex={-1}
    >
      <div className="photo-picker__head">
        <span id={labelId} className="field__label">
          Photos
        </span>
        <span className="photo-picker__count" aria-live="polite">
          {countText(photos.length)}
        </span>
      </div>
      <div className="photo-picker__actions">
        <button
          type="button"
          className="photo-picker__button"
          disabled={disabled || full || resizing}
          onClick={() => camera.current?.click()}
        >
          <CameraIcon />
          Take photo
        </button>
        <button
          type="button"
          className="photo-picker__button"
          disabled={disabled || full || resizing}
          onClick={() => gallery.current?.click()}
        >
          <GalleryIcon />
          Choose from gallery
        </button>
        {/* Kept out of the tab order: the buttons above open them. */}
        <input
          ref={camera}
          className="visually-hidden"
          type="file"
          accept="image/*"
          capture="environment"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => void pick(event.currentTarget)}
        />
        <input
          ref={gallery}
          className="visually-hidden"
          type="file"
          accept="image/*"
          multiple
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => void pick(event.currentTarget)}
        />
      </div>
      <p id={hintId} className="field__hint">
        {resizing ? 'Preparing photos...' : 'They are made smaller on this device before saving.'}
      </p>
      {message ? (
        <p id={errorId} className="field__error" role="alert">
          {message}
        </p>
      ) : null}
      {photos.length > 0 ? (
        <ul className="photo-picker__list" aria-label="Photos to save">
          {photos.map((photo, index) => (
            <PhotoThumb
              key={index}
              photo={photo}
              index={index}
              disabled={disabled}
              onRemove={() => {
                setProblem(null);
                onChange(photos.filter((_, at) => at !== index));
              }}
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
      <button
        type="button"
        className="photo-thumb__remove"
        disabled={disabled}
        aria-label={`Remove photo ${index + 1}`}
        onClick={onRemove}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

function CameraIcon() {
  return (
    <svg className="photo-picker__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 7h3l2-2.5h6L17 7h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1Z" />
      <circle cx="12" cy="12.5" r="3.5" />
    </svg>
  );
}

function GalleryIcon() {
  return (
    <svg className="photo-picker__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="3" y="4.5" width="18" height="15" rx="1.5" />
      <circle cx="8.5" cy="9.5" r="1.5" />
      <path d="m4 18 5.5-5.5 3.5 3.5 2.5-2.5L20 18" />
    </svg>
  );
}
