import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import './combobox.css';

/** One choice of a combobox: what it is, the line that names it, and a second line that tells it apart. */
export interface ComboboxOption {
  id: number;
  label: string;
  detail?: string;
}

interface ComboboxProps<T extends ComboboxOption> {
  label: string;
  /** The chosen option, or null. */
  value: T | null;
  onChange: (option: T | null) => void;
  /** The text typed so far, for the caller to search with. */
  onSearch: (text: string) => void;
  /** The matches of the current search (the caller asks the server). */
  options: T[];
  /** How many the server found, when it is more than shown. */
  total?: number;
  loading: boolean;
  /** The options shown are an earlier search's, while this one's are on their way. */
  stale: boolean;
  failed: boolean;
  /** "No customers found." */
  emptyText: string;
  placeholder?: string;
  hint?: string;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  name?: string;
}

/**
 * An editable combobox with a list popup (WAI-ARIA APG "combobox with listbox"): typing searches,
 * ArrowDown/ArrowUp move through the matches (opening the list), Enter picks, Escape closes the
 * list or, when closed, clears the text; Tab leaves. Focus stays in the input throughout and
 * `aria-activedescendant` names the highlighted option.
 */
export function Combobox<T extends ComboboxOption>(props: ComboboxProps<T>) {
  const { label, value, onChange, onSearch, options, total, loading, stale, failed, emptyText } = props;
  const { inputRef, name, placeholder, hint, error, onBlur } = props;
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const typed = useRef(false);

  // A choice made elsewhere (preselected, or cleared after a save) shows in the box.
  const valueId = value?.id ?? null;
  const valueLabel = value?.label ?? '';
  useEffect(() => {
    if (typed.current) {
      typed.current = false;
      return;
    }
    setText(valueLabel);
  }, [valueId, valueLabel]);

  // A new set of matches starts on its first; the same matches re-rendered keep the highlight.
  const optionIds = options.map((option) => option.id).join(',');
  const [highlight, setHighlight] = useState<{ of: string; index: number } | null>(null);
  const active = highlight?.of === optionIds ? highlight.index : optionIds ? 0 : -1;
  const setActive = (index: number) => setHighlight({ of: optionIds, index });

  const choose = (option: T) => {
    onChange(option);
    setText(option.label);
    setOpen(false);
  };

  const onType = (next: string) => {
    setText(next);
    setOpen(true);
    onSearch(next);
    if (value) {
      typed.current = true;
      onChange(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    // A quick typist's Enter must not pick from the previous search's matches.
    if (stale && open && ['ArrowDown', 'ArrowUp', 'Enter'].includes(event.key)) {
      event.preventDefault();
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          onSearch(value ? '' : text);
        } else if (count) setActive((active + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (count) setActive((active - 1 + count) % count);
        break;
      case 'Enter': {
        const option = open ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else if (text) {
          event.preventDefault();
          onType('');
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
    }
  };

  const activeOption = open && !stale ? options[active] : undefined;
  const status = failed
    ? 'The list could not be loaded. Check your connection.'
    : (loading && options.length === 0) || stale
      ? 'Searching...'
      : options.length === 0
        ? emptyText
        : total !== undefined && total > options.length
          ? `${options.length} of ${total} shown: type more to narrow the list.`
          : `${options.length} ${options.length === 1 ? 'match' : 'matches'}.`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className="field booking-combobox">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="booking-combobox__control">
        <input
          ref={inputRef}
          id={id}
          name={name}
          className="field__input booking-combobox__input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${id}-option-${activeOption.id}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          placeholder={placeholder}
          value={text}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => onSearch(value ? '' : text)}
          onClick={() => {
            setOpen(true);
            onSearch(value ? '' : text);
          }}
          onBlur={() => {
            setOpen(false);
            onBlur?.();
          }}
        />
        <span className="booking-combobox__chevron" aria-hidden="true">
          ▾
        </span>
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className={stale ? 'booking-combobox__list booking-combobox__list--stale' : 'booking-combobox__list'}
          aria-busy={stale || undefined}
          hidden={!open || options.length === 0}
        >
          {options.map((option, index) => (
            <li
              key={option.id}
              id={`${id}-option-${option.id}`}
              role="option"
              aria-selected={option.id === value?.id}
              className={
                option === activeOption
                  ? 'booking-combobox__option booking-combobox__option--active'
                  : 'booking-combobox__option'
              }
              // Keep focus in the input: the click picks, the blur would close the list first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseMove={() => setActive(index)}
            >
              <span className="booking-combobox__option-label">{option.label}</span>
              {option.detail ? <span className="booking-combobox__option-detail">{option.detail}</span> : null}
            </li>
          ))}
        </ul>
        {/* Read out as it changes; seen only when there is no match to show in its place. */}
        <p className={open && options.length === 0 ? 'booking-combobox__status' : 'visually-hidden'} role="status">
          {open ? status : ''}
        </p>
      </div>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
