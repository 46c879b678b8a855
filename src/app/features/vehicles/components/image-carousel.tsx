import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useOnline } from '../../../offline/connectivity.ts';
import type { VehicleImage } from '../types.ts';

interface ImageCarouselProps {
  images: readonly VehicleImage[];
  /** "Make Model": names the carousel and starts every photo's alt text. */
  label: string;
  /** Cards in the first row load at once; the rest wait until they are scrolled near. */
  eager?: boolean;
}

/** A horizontal finger movement longer than this turns the photo; shorter ones are taps. */
const SWIPE_PX = 40;

/**
 * The vehicle's photos at card width, one at a time. With more than one photo: previous and next
 * buttons that wrap around, the arrow keys while the carousel has focus, and swipes on touch screens.
 */
export function ImageCarousel({ images, label, eager = false }: ImageCarouselProps) {
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const swipeStart = useRef<{ x: number; y: number; id: number } | null>(null);
  // A photo that failed offline (never cached) gets another chance when the connection returns.
  const online = useOnline();
  const [wasOnline, setWasOnline] = useState(online);
  if (online !== wasOnline) {
    setWasOnline(online);
    if (online && failed.size > 0) setFailed(new Set());
  }

  const count = images.length;
  // The list can shrink under a card (an image deleted elsewhere): never point past its end.
  const current = count > 0 ? images[Math.min(index, count - 1)] : undefined;
  const position = count > 0 ? Math.min(index, count - 1) : 0;

  if (!current) {
    return (
      <div className="carousel carousel--empty">
        <span className="carousel__fallback">No Image</span>
      </div>
    );
  }

  const several = count > 1;
  const show = (next: number) => setIndex(((next % count) + count) % count);
  const previous = () => show(position - 1);
  const next = () => show(position + 1);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!several || event.target !== event.currentTarget) return;
    if (event.key === 'ArrowLeft') previous();
    else if (event.key === 'ArrowRight') next();
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!several || event.pointerType === 'mouse') return;
    swipeStart.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
    if (dx < 0) next();
    else previous();
  };

  const alt = `${label}, photo ${position + 1} of ${count}`;
  const broken = failed.has(current.thumbnail);

  return (
    <div
      className="carousel"
      role="group"
      aria-roledescription="carousel"
      aria-label={`${label} photos`}
      tabIndex={several ? 0 : undefined}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        swipeStart.current = null;
      }}
    >
      {broken ? (
        <div className="carousel__fallback-frame" role="img" aria-label={alt}>
          <span className="carousel__fallback">Image unavailable</span>
        </div>
      ) : (
        <img
          key={current.thumbnail}
          className="carousel__image"
          src={current.thumbnail}
          alt={alt}
          width={480}
          height={320}
          loading={eager && position === 0 ? 'eager' : 'lazy'}
          decoding="async"
          draggable={false}
          onError={() => setFailed((before) => new Set(before).add(current.thumbnail))}
        />
      )}
      {several ? (
        <>
          <button
            type="button"
            className="carousel__button carousel__button--previous"
            aria-label="Previous photo"
            onClick={previous}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" />
            </svg>
          </button>
          <button
            type="button"
            className="carousel__button carousel__button--next"
            aria-label="Next photo"
            onClick={next}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" />
            </svg>
          </button>
          <span className="carousel__counter" aria-live="polite">
            {position + 1} / {count}
          </span>
        </>
      ) : null}
    </div>
  );
}
