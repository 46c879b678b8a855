import { useId, useState, type KeyboardEvent } from 'react';
import type { VehicleImageView } from '#domain/api/vehicles';

interface PhotoGalleryProps {
  images: readonly VehicleImageView[];
  /** "Make Model": names the gallery and starts each photo's alt text. */
  label: string;
}

/**
 * The vehicle's photos at detail width, one large with the others as thumbnails. By keyboard:
 * Tab to a thumbnail and Enter, or the arrow keys (Home, End) while the gallery has focus.
 */
export function PhotoGallery({ images, label }: PhotoGalleryProps) {
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const counterId = useId();
  const count = images.length;
  const position = Math.min(index, Math.max(count - 1, 0));
  const current = images[position];
  if (!current) {
    return (
      <div className="photo-gallery photo-gallery--empty">
        <span className="photo-gallery__fallback">No Image</span>
      </div>
    );
  }

  const show = (next: number) => setIndex(((next % count) + count) % count);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') show(position - 1);
    else if (event.key === 'ArrowRight') show(position + 1);
    else if (event.key === 'Home') show(0);
    else if (event.key === 'End') show(count - 1);
    else return;
    event.preventDefault();
  };
  const alt = `${label}, photo ${position + 1} of ${count}`;

  return (
    <div
      className="photo-gallery"
      role="group"
      aria-roledescription="gallery"
      aria-label={`${label} photos`}
      aria-describedby={count > 1 ? counterId : undefined}
      tabIndex={count > 1 ? 0 : undefined}
      onKeyDown={onKeyDown}
    >
      <div className="photo-gallery__stage">
        {failed.has(current.id) ? (
          <div className="photo-gallery__fallback-frame" role="img" aria-label={alt}>
            <span className="photo-gallery__fallback">Image unavailable</span>
          </div>
        ) : (
          <img
            key={current.id}
            className="photo-gallery__image"
            src={current.image}
            alt={alt}
            width={1200}
            height={800}
            decoding="async"
            onError={() => setFailed((before) => new Set(before).add(current.id))}
          />
        )}
        {count > 1 ? (
          <>
            <button
              type="button"
              className="photo-gallery__step photo-gallery__step--previous"
              aria-label="Previous photo"
              onClick={() => show(position - 1)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M15 5l-7 7 7 7" />
              </svg>
            </button>
            <button
              type="button"
              className="photo-gallery__step photo-gallery__step--next"
              aria-label="Next photo"
              onClick={() => show(position + 1)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M9 5l7 7-7 7" />
              </svg>
            </button>
            <span id={counterId} className="photo-gallery__counter" aria-live="polite">
              Photo {position + 1} of {count}
            </span>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="photo-gallery__thumbs" aria-label="Choose a photo">
          {images.map((image, at) => (
            <li key={image.id}>
              <button
                type="button"
                className="photo-gallery__thumb"
                aria-label={`Show photo ${at + 1} of ${count}`}
                aria-current={at === position ? 'true' : undefined}
                onClick={() => show(at)}
              >
                <img src={image.thumbnail} alt="" width={480} height={320} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
