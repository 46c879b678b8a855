import type { KeyboardEvent, PointerEvent } from 'react';

/** A horizontal finger movement longer than this turns the photo; shorter ones are taps. */
const SWIPE_PX = 40;

/** Where a touch began, between pointerdown and pointerup. */
interface SwipePoint {
  x: number;
  y: number;
  id: number;
}

/** Each carousel's touch in progress, kept by its element: a render between touch and release keeps it. */
const swipes = new WeakMap<Element, SwipePoint>();

interface Turn {
  /** The photo shown, from 0. */
  position: number;
  count: number;
  /** Shows photo `index` (any whole number: it wraps around). */
  show: (index: number) => void;
}

/** The arrow keys while the carousel has focus, and swipes on touch screens (a mouse drags nothing). */
export function carouselHandlers({ position, show }: Turn) {
  const previous = () => show(position - 1);
  const next = () => show(position + 1);
  return {
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.target !== event.currentTarget) return;
      if (event.key === 'ArrowLeft') previous();
      else if (event.key === 'ArrowRight') next();
      else return;
      event.preventDefault();
    },
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      if (event.pointerType === 'mouse') return;
      swipes.set(event.currentTarget, { x: event.clientX, y: event.clientY, id: event.pointerId });
    },
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => {
      const start = swipes.get(event.currentTarget);
      swipes.delete(event.currentTarget);
      if (!start || start.id !== event.pointerId) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
      if (dx < 0) next();
      else previous();
    },
    onPointerCancel: (event: PointerEvent<HTMLDivElement>) => {
      swipes.delete(event.currentTarget);
    },
  };
}

/** Previous and next buttons that wrap around, and "2 / 5" said when the photo changes. */
export function CarouselButtons({ position, count, show }: Turn) {
  return (
    <>
      <button
        type="button"
        className="carousel__button carousel__button--previous"
        aria-label="Previous photo"
        onClick={() => show(position - 1)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M15 5l-7 7 7 7" />
        </svg>
      </button>
      <button
        type="button"
        className="carousel__button carousel__button--next"
        aria-label="Next photo"
        onClick={() => show(position + 1)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M9 5l7 7-7 7" />
        </svg>
      </button>
      <span className="carousel__counter" aria-live="polite">
        {position + 1} / {count}
      </span>
    </>
  );
}
