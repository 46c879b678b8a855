import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { PlannerBar, PlannerRow } from '#domain/api/planner';
import { addDays } from '#domain/dates';
import { formatDate } from '../../../lib/format.ts';
import {
  barKey,
  barLanes,
  barSpan,
  barTone,
  dayIndex,
  dayWidthFor,
  isMovable,
  lineAt,
  lineTops,
  movedPlace,
  nextSpot,
  GROUP_HEIGHT,
  ROW_HEIGHT,
  samePlace,
  spotOn,
  utilisation,
  vehicleLineFrom,
  type Place,
  type PlannerLine,
  type Spot,
  type Zoom,
} from '../planner-model.ts';
import { barName, dayLabel, longDay, vehicleName } from '../planner-names.ts';

/** The sticky vehicle column and the day header, in pixels. */
const HEAD_WIDTH = 200;
const HEADER_HEIGHT = 44;
/** Rows and days drawn beyond the visible ones, so a quick scroll shows no gap. */
const OVERSCAN_LINES = 2;
const OVERSCAN_DAYS = 2;
/** Touch picks a bar up after this long still; moving first scrolls instead. */
const LONG_PRESS_MS = 450;
const MOUSE_SLOP_PX = 4;
const TOUCH_SLOP_PX = 8;
/** Element Timing (not in React's types, hence spread). */
const FIRST_PAINT_TIMING = { elementtiming: 'planner-row' };

/** A bar being moved: where it was, where it would go, and on which line that is. */
export interface Moving {
  bar: Extract<PlannerBar, { kind: 'booking' }>;
  row: PlannerRow;
  from: Place;
  to: Place;
  line: number;
  toLine: number;
  /** Only its end moves (dragging the handle, or Shift with the arrows). */
  endOnly: boolean;
}

interface PlannerGridProps {
  lines: readonly PlannerLine[];
  from: string;
  days: number;
  zoom: Zoom;
  today: string;
  /** The day to bring into view (and put the focus on) when the window or zoom changes. */
  focusDate: string;
  pendingBookings: ReadonlySet<number>;
  onOpenBar: (bar: PlannerBar) => void;
  onOpenDay: (row: PlannerRow, date: string) => void;
  onDrop: (moving: Moving) => void;
  announce: (message: string) => void;
  /** While a move waits to be confirmed, the grid shows it where it would go. */
  held: Moving | null;
}

interface Viewport {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The scroller's scroll and size; the height at least most of the window's, before the rows give it one. */
function viewportOf(element: HTMLElement): Viewport {
  return {
    left: element.scrollLeft,
    top: element.scrollTop,
    width: element.clientWidth,
    height: Math.max(element.clientHeight, Math.round(window.innerHeight * 0.7)),
  };
}

const sameViewport = (a: Viewport, b: Viewport) =>
  a.left === b.left && a.top === b.top && a.width === b.width && a.height === b.height;

/** A pointer on a bar: a press that may become a drag. */
interface Press {
  pointerId: number;
  pointerType: string;
  x: number;
  y: number;
  scrollLeft: number;
  moving: Moving;
  dragging: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * The planner's grid (issue 23): vehicles down, days across, bookings, requests and periods as
 * bars. Only the rows in view are in the DOM, and of their days only those with a bar starting
 * there or the keyboard's focus (decision 060). It is an ARIA grid with one tab stop: the
 * arrows move between days and bars, Enter opens, Space picks a booking up, the arrows move it
 * (Shift with left or right moves its end), Enter drops and Escape cancels. A mouse drags a
 * booking, or its end by the handle; a finger does the same after a long press.
 */
export function PlannerGrid({
  lines,
  from,
  days,
  zoom,
  today,
  focusDate,
  pendingBookings,
  onOpenBar,
  onOpenDay,
  onDrop,
  announce,
  held,
}: PlannerGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const { tops, height } = useMemo(() => lineTops(lines), [lines]);
  // Unknown until the scroller is measured (before the first paint): nothing is drawn until then.
  const [measured, setViewport] = useState<Viewport | null>(null);
  const viewport = measured ?? { left: 0, top: 0, width: HEAD_WIDTH, height: 0 };
  const dayWidth = dayWidthFor(zoom, viewport.width - HEAD_WIDTH);
  const [spot, setSpot] = useState<Spot>(() => ({
    line: vehicleLineFrom(lines, 0, 1) ?? 0,
    day: Math.max(0, dayIndex(from, focusDate)),
    bar: null,
  }));
  const [moving, setMoving] = useState<Moving | null>(null);
  const press = useRef<Press | null>(null);
  const focusAfterRender = useRef(false);
  const suppressClick = useRef(false);
  /** A horizontal scroll decided before the canvas had its width: applied after the next render. */
  const pendingScroll = useRef<number | null>(null);
  const shown = moving ?? held;

  // The viewport follows the scroller's scroll and size, once a frame at most.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      const next = viewportOf(element);
      setViewport((current) => (current && sameViewport(current, next) ? current : next));
    };
    const onChange = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    element.addEventListener('scroll', onChange, { passive: true });
    const observer = new ResizeObserver(onChange);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', onChange);
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  // A new window or zoom (and the first render) brings the chosen day to the left edge, a little
  // before it: measured and decided here, drawn once in the render this causes, before any paint.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const day = Math.max(0, dayIndex(from, focusDate));
    const width = dayWidthFor(zoom, element.clientWidth - HEAD_WIDTH);
    const left = Math.max(0, day * width - (zoom === 'day' ? width / 4 : width));
    pendingScroll.current = left;
    setViewport({ ...viewportOf(element), left });
    setSpot((current) => spotOn(lines, from, current.line < lines.length ? current.line : 0, day));
    // Only on a new window or zoom: the lines change as pages arrive, which must not scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [from, zoom, focusDate]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || pendingScroll.current === null) return;
    element.scrollLeft = pendingScroll.current;
    pendingScroll.current = null;
  });

  // The page never scrolls under a finger dragging a bar.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onTouchMove = (event: TouchEvent) => {
      if (press.current?.dragging) event.preventDefault();
    };
    element.addEventListener('touchmove', onTouchMove, { passive: false });
    return () => element.removeEventListener('touchmove', onTouchMove);
  }, []);

  const firstLine = Math.max(0, lineAt(tops, viewport.top) - OVERSCAN_LINES);
  const lastLine = Math.min(lines.length - 1, lineAt(tops, viewport.top + viewport.height) + OVERSCAN_LINES);
  const firstDay = Math.max(0, Math.floor(viewport.left / dayWidth) - OVERSCAN_DAYS);
  const lastDay = Math.min(
    days - 1,
    Math.ceil((viewport.left + viewport.width - HEAD_WIDTH) / dayWidth) + OVERSCAN_DAYS,
  );
  // The days fully or partly in view, for each row's utilisation.
  const seenFirst = addDays(from, Math.max(0, Math.floor(viewport.left / dayWidth)));
  const seenLast = addDays(
    from,
    Math.min(days - 1, Math.max(0, Math.ceil((viewport.left + viewport.width - HEAD_WIDTH) / dayWidth) - 1)),
  );

  const visibleLines: number[] = [];
  if (measured) {
    for (let index = firstLine; index <= lastLine; index += 1) visibleLines.push(index);
    // The focused line stays in the DOM wherever the view is, so the focus is never lost.
    if (spot.line < lines.length && (spot.line < firstLine || spot.line > lastLine)) visibleLines.push(spot.line);
    if (shown && (shown.toLine < firstLine || shown.toLine > lastLine) && !visibleLines.includes(shown.toLine)) {
      visibleLines.push(shown.toLine);
    }
  }

  const bringIntoView = useCallback(
    (target: Spot) => {
      const element = scroller.current;
      if (!element) return;
      const top = tops[target.line] ?? 0;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight - HEADER_HEIGHT) {
        element.scrollTop = top + ROW_HEIGHT - element.clientHeight + HEADER_HEIGHT;
      }
      const left = target.day * dayWidth;
      const room = element.clientWidth - HEAD_WIDTH;
      if (left < element.scrollLeft) element.scrollLeft = left;
      else if (left + Math.min(dayWidth, room) > element.scrollLeft + room) {
        element.scrollLeft = left + Math.min(dayWidth, room) - room;
      }
    },
    [tops, dayWidth],
  );

  useEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current = false;
    const element = scroller.current?.querySelector<HTMLElement>('[data-spot="true"]');
    element?.focus({ preventScroll: true });
  });

  const moveFocus = (target: Spot) => {
    setSpot(target);
    bringIntoView(target);
    focusAfterRender.current = true;
  };

  const rowOf = (line: number): PlannerRow | null => {
    const target = lines[line];
    return target?.type === 'vehicle' ? target.row : null;
  };

  const describeMove = (next: Moving) => {
    const row = rowOf(next.toLine);
    return `${next.bar.label}: ${row ? vehicleName(row.vehicle) : ''}, ${formatDate(next.to.start_date)} – ${formatDate(next.to.end_date)}.`;
  };

  const pickUp = (bar: PlannerBar, line: number) => {
    const row = rowOf(line);
    if (!row || !isMovable(bar)) return;
    const place = { vehicle: row.vehicle.id, start_date: bar.start_date, end_date: bar.end_date };
    setMoving({ bar, row, from: place, to: place, line, toLine: line, endOnly: false });
    announce(
      `Picked up ${bar.label}'s booking. Arrows move it, Shift with left or right moves its end, Enter drops it, Escape cancels.`,
    );
  };

  const cancelMove = (refocus: boolean) => {
    setMoving(null);
    announce('Move cancelled.');
    focusAfterRender.current = refocus;
  };

  const drop = (current: Moving) => {
    setMoving(null);
    if (samePlace(current.to, current.from)) announce('Move cancelled: the booking is where it was.');
    else onDrop(current);
  };

  /** A move by keyboard: days across, lines up and down. */
  const stepMove = (current: Moving, key: string, shift: boolean) => {
    let next: Moving;
    if (key === 'ArrowLeft' || key === 'ArrowRight') {
      const step = key === 'ArrowRight' ? 1 : -1;
      next = { ...current, to: movedPlace(current.to, step, current.to.vehicle, shift), endOnly: shift };
    } else {
      const direction = key === 'ArrowDown' ? 1 : -1;
      const line = vehicleLineFrom(lines, current.toLine + direction, direction);
      const row = line === null ? null : rowOf(line);
      if (line === null || !row) return;
      next = { ...current, toLine: line, to: { ...current.to, vehicle: row.vehicle.id } };
    }
    setMoving(next);
    bringIntoView({ line: next.toLine, day: Math.max(0, dayIndex(from, next.to.start_date)), bar: null });
    announce(describeMove(next));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const { key } = event;
    const arrow = key === 'ArrowLeft' || key === 'ArrowRight' || key === 'ArrowUp' || key === 'ArrowDown';
    if (moving) {
      // Tab takes the focus out of the grid: the booking goes back, and the focus goes on.
      if (key === 'Tab') {
        cancelMove(false);
        return;
      }
      if (arrow) stepMove(moving, key, event.shiftKey);
      else if (key === 'Enter') drop(moving);
      else if (key === 'Escape') cancelMove(true);
      else return;
      event.preventDefault();
      return;
    }
    if (arrow || key === 'Home' || key === 'End') {
      event.preventDefault();
      moveFocus(nextSpot(lines, from, days, spot, key));
      return;
    }
    if (key !== 'Enter' && key !== ' ') return;
    const row = rowOf(spot.line);
    if (!row) return;
    const bar = spot.bar ? row.bars.find((candidate) => barKey(candidate) === spot.bar) : undefined;
    event.preventDefault();
    if (key === 'Enter') {
      if (bar) onOpenBar(bar);
      else onOpenDay(row, addDays(from, spot.day));
    } else if (bar) {
      if (isMovable(bar)) pickUp(bar, spot.line);
      else announce('Only a pending, confirmed or active booking can be moved.');
    }
  };

  // Pointer drags: the press turns into a drag past a few pixels (mouse) or after a long press (touch).
  const placeAt = (current: Press, clientX: number, clientY: number): Moving => {
    const element = scroller.current;
    const { moving: start } = current;
    const shift = Math.round((clientX - current.x + (element?.scrollLeft ?? 0) - current.scrollLeft) / dayWidth);
    if (start.endOnly || !element) {
      return { ...start, to: movedPlace(start.from, shift, start.from.vehicle, start.endOnly) };
    }
    const box = element.getBoundingClientRect();
    const y = clientY - box.top + element.scrollTop - HEADER_HEIGHT;
    const line = vehicleLineFrom(lines, lineAt(tops, y), 1) ?? vehicleLineFrom(lines, lineAt(tops, y), -1);
    const row = line === null ? null : rowOf(line);
    const vehicle = row ? row.vehicle.id : start.from.vehicle;
    return { ...start, toLine: line ?? start.line, to: movedPlace(start.from, shift, vehicle, false) };
  };

  const startDrag = (current: Press) => {
    current.dragging = true;
    setMoving(current.moving);
    if (current.pointerType !== 'mouse') navigator.vibrate?.(15);
  };

  useEffect(() => {
    const onMove = (event: PointerEvent) => {
      const current = press.current;
      if (!current || event.pointerId !== current.pointerId) return;
      const distance = Math.hypot(event.clientX - current.x, event.clientY - current.y);
      if (!current.dragging) {
        if (current.pointerType === 'mouse' && distance > MOUSE_SLOP_PX) startDrag(current);
        else if (current.pointerType !== 'mouse' && distance > TOUCH_SLOP_PX) {
          // The finger moved before the long press: it is scrolling.
          clearTimeout(current.timer);
          press.current = null;
        }
        if (!current.dragging) return;
      }
      event.preventDefault();
      const next = placeAt(current, event.clientX, event.clientY);
      setMoving((previous) =>
        previous &&
        previous.toLine === next.toLine &&
        previous.to.start_date === next.to.start_date &&
        previous.to.end_date === next.to.end_date
          ? previous
          : next,
      );
    };
    const onUp = (event: PointerEvent) => {
      const current = press.current;
      if (!current || event.pointerId !== current.pointerId) return;
      clearTimeout(current.timer);
      press.current = null;
      if (!current.dragging) return;
      suppressClick.current = true;
      const next = placeAt(current, event.clientX, event.clientY);
      drop(next);
    };
    const onCancel = (event: PointerEvent) => {
      const current = press.current;
      if (!current || event.pointerId !== current.pointerId) return;
      clearTimeout(current.timer);
      press.current = null;
      if (current.dragging) cancelMove(false);
    };
    window.addEventListener('pointermove', onMove, { passive: false });
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
    };
  });

  const onBarPointerDown = (event: ReactPointerEvent, bar: PlannerBar, line: number, endOnly: boolean) => {
    const row = rowOf(line);
    if (!row || !isMovable(bar) || event.button !== 0 || moving) return;
    if (endOnly) event.stopPropagation();
    const place = { vehicle: row.vehicle.id, start_date: bar.start_date, end_date: bar.end_date };
    const current: Press = {
      pointerId: event.pointerId,
      pointerType: event.pointerType,
      x: event.clientX,
      y: event.clientY,
      scrollLeft: scroller.current?.scrollLeft ?? 0,
      moving: { bar, row, from: place, to: place, line, toLine: line, endOnly },
      dragging: false,
      timer: undefined,
    };
    if (event.pointerType !== 'mouse') current.timer = setTimeout(() => startDrag(current), LONG_PRESS_MS);
    press.current = current;
    setSpot({ line, day: Math.max(0, dayIndex(from, bar.start_date)), bar: barKey(bar) });
  };

  const onBarClick = (bar: PlannerBar) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    onOpenBar(bar);
  };

  // The latest handlers behind one stable object: the rows are memoised on their props.
  const latest = useRef<Omit<RowHandlers, 'onFocusSpot'> | null>(null);
  useLayoutEffect(() => {
    latest.current = { onBarPointerDown, onBarClick, onOpenDay };
  });
  const handlers = useMemo<RowHandlers>(
    () => ({
      onBarPointerDown: (...args) => latest.current?.onBarPointerDown(...args),
      onBarClick: (bar) => latest.current?.onBarClick(bar),
      onFocusSpot: setSpot,
      onOpenDay: (row, date) => latest.current?.onOpenDay(row, date),
    }),
    [],
  );

  const todayIndex = dayIndex(from, today);
  const windowLast = addDays(from, days - 1);
  const extraDay = spot.day < firstDay || spot.day > lastDay ? spot.day : null;
  const columns = useMemo(() => {
    const list: number[] = [];
    if (!measured) return list;
    for (let day = firstDay; day <= lastDay; day += 1) list.push(day);
    if (extraDay !== null) list.push(extraDay);
    return list;
  }, [measured, firstDay, lastDay, extraDay]);

  return (
    <div
      ref={scroller}
      className={`planner-grid planner-grid--${zoom}${moving ? ' planner-grid--moving' : ''}`}
      style={
        {
          '--planner-hour': `${dayWidth / 8}px`,
          '--planner-head-width': `${HEAD_WIDTH}px`,
          '--planner-header-height': `${HEADER_HEIGHT}px`,
          '--planner-row-height': `${ROW_HEIGHT}px`,
          '--planner-group-height': `${GROUP_HEIGHT}px`,
        } as CSSProperties
      }
      role="grid"
      aria-label="Planner"
      aria-rowcount={lines.length + 1}
      aria-colcount={days + 1}
      onKeyDown={onKeyDown}
    >
      <div
        className="planner-grid__canvas"
        style={{ width: HEAD_WIDTH + days * dayWidth, height: HEADER_HEIGHT + height }}
      >
        <DayColumns columns={columns} from={from} zoom={zoom} dayWidth={dayWidth} today={todayIndex} height={height} />
        {visibleLines.map((index) => {
          const line = lines[index];
          if (!line) return null;
          const top = HEADER_HEIGHT + (tops[index] ?? 0);
          if (line.type === 'group') {
            return (
              <div key={line.key} role="row" aria-rowindex={index + 2} className="planner-group" style={{ top }}>
                <div role="rowheader" aria-colindex={1} aria-colspan={days + 1} className="planner-group__title">
                  {line.title} <span className="planner-group__count">({line.count})</span>
                </div>
              </div>
            );
          }
          return (
            <VehicleRow
              key={line.key}
              index={index}
              top={top}
              row={line.row}
              from={from}
              zoom={zoom}
              dayWidth={dayWidth}
              firstDay={firstDay}
              lastDay={lastDay}
              spot={spot.line === index ? spot : null}
              seenFirst={seenFirst}
              seenLast={seenLast}
              windowLast={windowLast}
              pendingBookings={pendingBookings}
              movingId={shown && shown.line === index ? shown.bar.id : null}
              handlers={handlers}
            />
          );
        })}
        {shown ? (
          <Ghost
            moving={shown}
            from={from}
            zoom={zoom}
            dayWidth={dayWidth}
            top={HEADER_HEIGHT + (tops[shown.toLine] ?? 0)}
          />
        ) : null}
      </div>
    </div>
  );
}

interface DayColumnsProps {
  columns: readonly number[];
  from: string;
  zoom: Zoom;
  dayWidth: number;
  today: number;
  height: number;
}

/**
 * The day headings and, under them, one full-height column a day (weekends shaded, today marked,
 * the day view's hour lines): the rows draw only their bars over it, so a row is a few elements,
 * not one per day. Memoised: a drag changes none of it.
 */
const DayColumns = memo(function DayColumns({ columns, from, zoom, dayWidth, today, height }: DayColumnsProps) {
  return (
    <>
      <div className="planner-grid__header" role="row" aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
        <div className="planner-grid__corner" role="columnheader" aria-colindex={1}>
          Vehicle
        </div>
        {columns.map((day) => {
          const date = addDays(from, day);
          return (
            <div
              key={day}
              role="columnheader"
              aria-colindex={day + 2}
              className={`planner-grid__day${day === today ? ' planner-grid__day--today' : ''}`}
              style={{ left: HEAD_WIDTH + day * dayWidth, width: dayWidth }}
            >
              <span aria-hidden="true">{dayLabel(date, zoom)}</span>
              <span className="visually-hidden">{longDay(date)}</span>
              {zoom === 'day' ? <DayHours /> : null}
            </div>
          );
        })}
      </div>
      {columns.map((day) => {
        const weekday = new Date(`${addDays(from, day)}T00:00:00Z`).getUTCDay();
        const kind =
          day === today ? ' planner-col--today' : weekday === 0 || weekday === 6 ? ' planner-col--weekend' : '';
        return (
          <div
            key={day}
            className={`planner-col${kind}`}
            aria-hidden="true"
            style={{ left: HEAD_WIDTH + day * dayWidth, width: dayWidth, height }}
          />
        );
      })}
    </>
  );
});

function DayHours() {
  return (
    <span className="planner-grid__hours" aria-hidden="true">
      {Array.from({ length: 8 }, (_, index) => (
        <span key={index}>{String(index * 3).padStart(2, '0')}</span>
      ))}
    </span>
  );
}

/** What a row calls back; one stable object, so a drag re-renders no row (see PlannerGrid). */
interface RowHandlers {
  onBarPointerDown: (event: ReactPointerEvent, bar: PlannerBar, line: number, endOnly: boolean) => void;
  onBarClick: (bar: PlannerBar) => void;
  onFocusSpot: (spot: Spot) => void;
  onOpenDay: (row: PlannerRow, date: string) => void;
}

interface VehicleRowProps {
  index: number;
  top: number;
  row: PlannerRow;
  from: string;
  zoom: Zoom;
  dayWidth: number;
  /** The days in view (and drawn). */
  firstDay: number;
  lastDay: number;
  spot: Spot | null;
  /** The days in view, for the row's utilisation. */
  seenFirst: string;
  seenLast: string;
  windowLast: string;
  pendingBookings: ReadonlySet<number>;
  /** The booking lifted from this row, drawn faint while it moves. */
  movingId: number | null;
  handlers: RowHandlers;
}

/**
 * One vehicle: its name, service mark and utilisation, then its days in view with the bars
 * starting there. Memoised: while a bar is dragged only the ghost moves, no row renders again.
 */
const VehicleRow = memo(function VehicleRow({
  index,
  top,
  row,
  from,
  zoom,
  dayWidth,
  firstDay,
  lastDay,
  spot,
  seenFirst,
  seenLast,
  windowLast,
  pendingBookings,
  movingId,
  handlers,
}: VehicleRowProps) {
  const { onBarPointerDown, onBarClick, onFocusSpot, onOpenDay } = handlers;
  const { vehicle } = row;
  const seen = useMemo(() => utilisation(row.bars, seenFirst, seenLast), [row.bars, seenFirst, seenLast]);
  const name = vehicleName(vehicle);
  const { lanes, count } = useMemo(() => barLanes(row.bars), [row.bars]);
  const serviceDue = vehicle.next_service_date <= windowLast;
  const serviceDay = dayIndex(from, vehicle.next_service_date);
  // Cells only where something is: each bar in the cell of its first day in view, and the day
  // the keyboard is on. An empty day is the row's background (a click there opens Add Booking).
  const cells = new Map<number, PlannerBar[]>();
  for (const bar of row.bars) {
    const span = barSpan(bar, from, zoom);
    const focused = spot !== null && spot.bar === barKey(bar);
    if (!focused && (span.start + span.width <= firstDay || span.start > lastDay + 1)) continue;
    const anchor = Math.max(Math.floor(span.start), focused ? 0 : firstDay);
    cells.set(anchor, [...(cells.get(anchor) ?? []), bar]);
  }
  if (spot !== null && spot.bar === null && !cells.has(spot.day)) cells.set(spot.day, []);
  const laneHeight = (ROW_HEIGHT - 10) / count;

  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="planner-row"
      style={{ top }}
      onClick={(event) => {
        if (event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const day = Math.floor((event.clientX - box.left - HEAD_WIDTH) / dayWidth);
        if (day >= 0) onOpenDay(row, addDays(from, day));
      }}
    >
      <div role="rowheader" aria-colindex={1} className="planner-row__head">
        {/* Element Timing: bench:web times the planner's first paint after its data by it. */}
        <span className="planner-row__name" {...FIRST_PAINT_TIMING}>
          {vehicle.make} {vehicle.model}
        </span>
        <span className="planner-row__meta">
          {vehicle.registration_number}
          <span className="planner-row__use" title="Booked share of the days shown">
            <span className="visually-hidden">, booked </span>
            {seen}%<span className="visually-hidden"> of the days shown</span>
          </span>
        </span>
        {serviceDue ? (
          <span className="planner-row__service">
            Service {vehicle.next_service_date < from ? 'overdue' : `due ${formatDate(vehicle.next_service_date)}`}
          </span>
        ) : null}
      </div>
      {serviceDay >= firstDay && serviceDay <= lastDay ? (
        <span
          className="planner-row__service-mark"
          title="Service due"
          aria-hidden="true"
          style={{ left: HEAD_WIDTH + serviceDay * dayWidth + 2 }}
        />
      ) : null}
      {[...cells].map(([day, bars]) => {
        const date = addDays(from, day);
        const focused = spot !== null && spot.day === day && spot.bar === null;
        return (
          <div
            key={day}
            role="gridcell"
            aria-colindex={day + 2}
            aria-label={
              focused ? `${name}, ${formatDate(date)}${day === serviceDay ? ', service due' : ''}` : undefined
            }
            className="planner-cell"
            style={{ left: HEAD_WIDTH + day * dayWidth, width: dayWidth }}
            tabIndex={focused ? 0 : -1}
            data-spot={focused ? 'true' : undefined}
            onFocus={(event) => {
              if (event.target === event.currentTarget) onFocusSpot({ line: index, day, bar: null });
            }}
            onClick={(event) => {
              if (event.target === event.currentTarget) onOpenDay(row, date);
            }}
          >
            {bars.map((bar) => {
              const span = barSpan(bar, from, zoom);
              const key = barKey(bar);
              const barFocused = spot !== null && spot.bar === key;
              const pending = bar.kind === 'booking' && pendingBookings.has(bar.id);
              const movable = isMovable(bar);
              return (
                <button
                  key={key}
                  type="button"
                  className={`planner-bar planner-bar--${barTone(bar)}${pending ? ' planner-bar--pending' : ''}${movingId === bar.id && bar.kind === 'booking' ? ' planner-bar--lifted' : ''}`}
                  style={{
                    left: (span.start - day) * dayWidth + 1,
                    width: span.width * dayWidth - 2,
                    top: 5 + (lanes.get(bar) ?? 0) * laneHeight,
                    height: laneHeight - 2,
                  }}
                  tabIndex={barFocused ? 0 : -1}
                  data-spot={barFocused ? 'true' : undefined}
                  aria-label={barName(bar, name, pending)}
                  aria-roledescription={movable ? 'movable booking' : undefined}
                  onFocus={() => onFocusSpot({ line: index, day: Math.max(day, spot?.day ?? day), bar: key })}
                  onPointerDown={(event) => onBarPointerDown(event, bar, index, false)}
                  onClick={() => onBarClick(bar)}
                  onContextMenu={(event) => {
                    if (movable) event.preventDefault();
                  }}
                >
                  <span className="planner-bar__text">
                    {pending ? <span className="planner-bar__pending" aria-hidden="true" /> : null}
                    {bar.label ?? bar.status}
                  </span>
                  {movable ? (
                    <span
                      className="planner-bar__handle"
                      aria-hidden="true"
                      onPointerDown={(event) => onBarPointerDown(event, bar, index, true)}
                    />
                  ) : null}
                </button>
              );
            })}
          </div>
        );
      })}
    </div>
  );
});

/** Where a moved booking would go, drawn over the grid while it is dragged or waits to be confirmed. */
function Ghost({
  moving,
  from,
  zoom,
  dayWidth,
  top,
}: {
  moving: Moving;
  from: string;
  zoom: Zoom;
  dayWidth: number;
  top: number;
}) {
  const span = barSpan({ ...moving.bar, ...moving.to }, from, zoom);
  return (
    <div
      className="planner-ghost"
      aria-hidden="true"
      style={{
        top: top + 5,
        left: HEAD_WIDTH + span.start * dayWidth + 1,
        width: span.width * dayWidth - 2,
        height: ROW_HEIGHT - 10,
      }}
    >
      {moving.bar.label} · {formatDate(moving.to.start_date)} – {formatDate(moving.to.end_date)}
    </div>
  );
}
