import { Link, type LinkProps } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/** One entry of a row's menu: a link to another screen, or an action; disabled entries say why in `hint`. */
export type RowMenuItem =
  | { label: string; link: LinkProps; hint?: never; onSelect?: never; disabled?: never }
  | { label: string; onSelect: () => void; disabled?: boolean; hint?: string; link?: never };

interface RowMenuProps {
  /** Names the row for screen readers, e.g. "Actions for Jane Smith". */
  label: string;
  items: RowMenuItem[];
}

const menuEntries = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/** Focuses the entry at `index`, wrapping around at either end. */
function focusAt(all: HTMLElement[], index: number) {
  if (all.length === 0) return;
  all[(index + all.length) % all.length]?.focus();
}

/**
 * The "⋮" menu of a table row or card (WAI-ARIA menu button): Enter, Space or ArrowDown opens it
 * on the first entry, arrows and Home/End move, Escape closes it and gives focus back to the button.
 */
export function RowMenu({ label, items }: RowMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  const entries = () => menuEntries(menuRef.current);
  const focusEntry = (index: number) => focusAt(entries(), index);
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    focusAt(menuEntries(menuRef.current), 0);
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = entries();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: all.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusEntry(moves[event.key] ?? 0);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="row-menu" onClick={(event) => event.stopPropagation()}>
      <button
        ref={buttonRef}
        type="button"
        className="row-menu__button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="5" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="12" cy="19" r="1.8" />
        </svg>
      </button>
      {open ? (
        <ul
          ref={menuRef}
          id={menuId}
          className="row-menu__list"
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => (
            <li key={item.label} role="none">
              {item.link ? (
                <Link {...item.link} role="menuitem" tabIndex={-1} className="row-menu__item">
                  {item.label}
                </Link>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className="row-menu__item"
                  aria-disabled={item.disabled ? true : undefined}
                  title={item.hint}
                  onClick={() => {
                    if (item.disabled) return;
                    close(true);
                    item.onSelect();
                  }}
                >
                  {item.label}
                  {item.hint ? <span className="visually-hidden"> ({item.hint})</span> : null}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
