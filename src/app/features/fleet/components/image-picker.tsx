import { useId, useRef, useState } from 'react';
import type { VehicleImageView } from '#domain/api/vehicles';
import { MAX_VEHICLE_IMAGES } from '#domain/constants';
import { Button } from '../../../components/button.tsx';
import { useObjectUrl } from '../../../lib/use-object-url.ts';

const NOT_AN_IMAGE = 'Please select a valid image file (JPG, PNG, etc.).';
export const TOO_MANY_IMAGES = `A vehicle can have at most ${MAX_VEHICLE_IMAGES} images.`;

interface ImagePickerProps {
  /** The vehicle's current photos (edit only). */
  existing: readonly VehicleImageView[];
  removed: ReadonlySet<number>;
  onToggleRemoved: (imageId: number) => void;
  added: readonly File[];
  onAddedChange: (files: File[]) => void;
  /** The server's or the form's message about the images. */
  error?: string | undefined;
  disabled: boolean;
}

/** Photos of a vehicle: the ones it has (each can be marked for removal) and new files with previews. */
export function ImagePicker({
  existing,
  removed,
  onToggleRemoved,
  added,
  onAddedChange,
  error,
  disabled,
}: ImagePickerProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const message = rejected ?? error;

  const onPick = (files: FileList | null) => {
    const picked = [...(files ?? [])];
    // `accept` is only a hint to the file chooser: a drop or "All files" can still bring anything.
    const images = picked.filter((file) => file.type.startsWith('image/'));
    setRejected(images.length < picked.length ? NOT_AN_IMAGE : null);
    if (images.length > 0) onAddedChange([...added, ...images]);
    if (input.current) input.current.value = '';
  };

  return (
    <div className="image-picker">
      {existing.length > 0 ? (
        <ul className="image-picker__list" aria-label="Current images">
          {existing.map((image, index) => {
            const marked = removed.has(image.id);
            return (
              <li key={image.id} className={marked ? 'image-tile image-tile--removed' : 'image-tile'}>
                <img className="image-tile__img" src={image.thumbnail} alt={`Current image ${index + 1}`} />
                {marked ? <span className="image-tile__badge">Will be removed</span> : null}
                <Button
                  variant="secondary"
                  size="sm"
                  className="image-tile__button"
                  disabled={disabled}
                  aria-pressed={marked}
                  onClick={() => onToggleRemoved(image.id)}
                >
                  {marked ? `Keep image ${index + 1}` : `Remove image ${index + 1}`}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {existing.length > 0 ? 'Add images' : 'Images'}
        </label>
        <input
          ref={input}
          id={inputId}
          className="field__input image-picker__input"
          type="file"
          accept="image/*"
          multiple
          disabled={disabled}
          aria-describedby={message ? `${hintId} ${errorId}` : hintId}
          aria-invalid={message ? true : undefined}
          onChange={(event) => onPick(event.target.files)}
        />
        <p id={hintId} className="field__hint">
          Optional. JPG, PNG, WebP or other image files, up to {MAX_VEHICLE_IMAGES} per vehicle.
        </p>
        {message ? (
          <p id={errorId} className="field__error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
      {added.length > 0 ? (
        <ul className="image-picker__list" aria-label="New images">
          {added.map((file, index) => (
            <NewImage
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              file={file}
              disabled={disabled}
              onRemove={() => onAddedChange(added.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function NewImage({ file, disabled, onRemove }: { file: File; disabled: boolean; onRemove: () => void }) {
  const url = useObjectUrl(file);
  return (
    <li className="image-tile">
      {url ? <img className="image-tile__img" src={url} alt={`New image: ${file.name}`} /> : null}
      <span className="image-tile__name" title={file.name}>
        {file.name}
      </span>
      <Button
        variant="secondary"
        size="sm"
        className="image-tile__button"
        disabled={disabled}
        aria-label={`Remove ${file.name}`}
        onClick={onRemove}
      >
        Remove
      </Button>
    </li>
  );
}
