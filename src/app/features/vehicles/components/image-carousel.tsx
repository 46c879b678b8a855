import { useState } from 'react';
import { useLoadedAfterFirstPaint } from '../../../first-paint.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import type { VehicleImage } from '../types.ts';

interface ImageCarouselProps {
  images: readonly VehicleImage[];
  /** "Make Model": names the carousel and starts every photo's alt text. */
  label: string;
  /** Cards in the first row load at once; the rest wait until they are scrolled near. */
  eager?: boolean;
}

// The buttons, keys and swipes come a moment after the first screen: a card's first photo is all
// the first paint needs, and `/` loads less.
const loadControls = () => import('./carousel-controls.tsx');

/**
 * The vehicle's photos at card width, one at a time. With more than one photo: previous and next
 * buttons that wrap around, the arrow keys while the carousel has focus, and swipes on touch screens.
 */
export function ImageCarousel({ images, label, eager = false }: ImageCarouselProps) {
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const controls = useLoadedAfterFirstPaint(loadControls);
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

  const alt = `${label}, photo ${position + 1} of ${count}`;
  const broken = failed.has(current.thumbnail);

  const photo = broken ? (
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
  );
  const turn = { position, count, show: (next: number) => setIndex(((next % count) + count) % count) };
  return (
    <div
      className="carousel"
      role="group"
      aria-roledescription="carousel"
      aria-label={`${label} photos`}
      tabIndex={count > 1 ? 0 : undefined}
      {...(count > 1 && controls ? controls.carouselHandlers(turn) : null)}
    >
      {photo}
      {count > 1 && controls ? <controls.CarouselButtons {...turn} /> : null}
    </div>
  );
}
