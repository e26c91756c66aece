// The single ticket's "more actions" menu: Swap ticket and Resell ticket (each only when the ticket allows it).
// Open or closed is the ticket machine's state; this component only draws it and reports clicks and dismissals.
import { Icon } from './icons';
import { registerStyles } from '../style-sheets';
import { type KeyboardEvent, type ReactElement, useEffect, useRef } from 'react';
import { useRovingFocus } from '../use-roving-focus';
import ticketMenuCss from 'bundle-text:./ticket-menu.css';
import { i18n } from '../i18n';
import { iconPath } from './icon-paths' with { type: 'macro' };

registerStyles(ticketMenuCss);

interface TicketMenuProps {
  open: boolean;
  canSwap: boolean;
  canResell: boolean;
  onToggle: () => void;
  onClose: () => void;
  onSwap: () => void;
  onResell: () => void;
}

export function TicketMenu({ open, canSwap, canResell, onToggle, onClose, onSwap, onResell }: TicketMenuProps): ReactElement {
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const root = rootRef.current;
    root?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    // A press anywhere else closes the menu (composedPath: the wallet lives in a shadow root).
    const onPointerDown = (event: PointerEvent) => {
      if (root && !event.composedPath().includes(root)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onClose]);

  // Up, Down, Home and End move between the items (WAI-ARIA menu button).
  const moveFocus = useRovingFocus({ container: rootRef, items: '[role="menuitem"]', orientation: 'vertical' });
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      buttonRef.current?.focus();
    } else if (event.key === 'Tab') {
      onClose();
    } else {
      moveFocus(event);
    }
  };

  return (
    <div ref={rootRef} className="tw-menu" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="tw-icon-button"
        aria-label={i18n.t('ticket.more_actions')}
        title={i18n.t('ticket.more_actions')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={onToggle}
      >
        <Icon path={iconPath('more')} size={20} />
      </button>
      {open ? (
        <div className="tw-menu__list" role="menu" aria-label={i18n.t('ticket.more_actions')}>
          {canSwap ? (
            <button type="button" role="menuitem" className="tw-menu__item" onClick={onSwap}>
              <Icon path={iconPath('swap')} size={18} />
              {i18n.t('ticket.swap')}
            </button>
          ) : null}
          {canResell ? (
            <button type="button" role="menuitem" className="tw-menu__item" onClick={onResell}>
              <Icon path={iconPath('resell')} size={18} />
              {i18n.t('ticket.resell')}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
