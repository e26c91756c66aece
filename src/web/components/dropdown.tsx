// A dropdown that picks one item (gift's ticket, later resell's): a button that opens a listbox below it, at most
// 400 px tall (docs/product.md §9). Keyboard as WAI-ARIA's listbox: Enter, Space or ArrowDown open it with focus on the
// current (or first) option, the arrows, Home and End move, Enter or Space choose, Escape or Tab close, and focus
// returns to the button. Whether the list is open is presentation (this component's); what is chosen is the flow's.
import { Icon } from './icons';
import { registerStyles } from '../style-sheets';
import { type KeyboardEvent, type ReactElement, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useRovingFocus } from '../use-roving-focus';
import { iconPath } from './icon-paths' with { type: 'macro' };
import dropdownCss from 'bundle-text:./dropdown.css';

registerStyles(dropdownCss);

export interface DropdownOption<T extends string | number> {
  value: T;
  /** The option's accessible name, and what the button shows once it is chosen. */
  label: string;
  /** How the option looks in the list. */
  content: ReactNode;
}

interface DropdownProps<T extends string | number> {
  /** The visible label above the button. */
  label: string;
  placeholder: string;
  options: readonly DropdownOption<T>[];
  value: T | null;
  onSelect: (value: T) => void;
  /** A choice is being checked: the button spins and does not open. */
  busy?: boolean;
  disabled?: boolean;
}

export function Dropdown<T extends string | number>({ label, placeholder, options, value, onSelect, busy = false, disabled = false }: DropdownProps<T>): ReactElement {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const current = options.find((option) => option.value === value) ?? null;
  const onListKeyDown = useRovingFocus({ container: listRef, items: '[role="option"]', orientation: 'vertical' });

  // Opening moves focus to the chosen option, or the first.
  useEffect(() => {
    if (!open) return;
    const list = listRef.current;
    (list?.querySelector<HTMLElement>('[aria-selected="true"]') ?? list?.querySelector<HTMLElement>('[role="option"]'))?.focus();
  }, [open]);

  // A press anywhere else closes the list (the wallet lives in a shadow root: the event's path says where it was).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !event.composedPath().includes(rootRef.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const choose = (chosen: T) => {
    close(true);
    onSelect(chosen);
  };
  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!busy) setOpen(true);
    }
  };
  const onOptionKeyDown = (event: KeyboardEvent, chosen: T) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(chosen);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div ref={rootRef} className="tw-dropdown" onBlur={(event) => open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node) && close(false)}>
      <span className="tw-field__label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="tw-input tw-dropdown__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-busy={busy || undefined}
        disabled={disabled}
        onClick={() => !busy && setOpen((isOpen) => !isOpen)}
        onKeyDown={onButtonKeyDown}
      >
        <span className="tw-dropdown__value" id={`${id}-value`}>
          {current ? current.label : <span className="tw-dropdown__placeholder">{placeholder}</span>}
        </span>
        {busy ? <span className="tw-spinner" aria-hidden="true" /> : <Icon path={iconPath('chevronDown')} size={18} />}
      </button>
      {open ? (
        <ul ref={listRef} className="tw-dropdown__list" role="listbox" id={`${id}-list`} aria-labelledby={`${id}-label`} onKeyDown={onListKeyDown}>
          {options.map((option) => (
            <li
              key={option.value}
              role="option"
              className="tw-dropdown__option"
              aria-selected={option.value === value}
              aria-label={option.label}
              tabIndex={-1}
              onClick={() => choose(option.value)}
              onKeyDown={(event) => onOptionKeyDown(event, option.value)}
            >
              {option.content}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
