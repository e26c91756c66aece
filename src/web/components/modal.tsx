// A dialog portalled into the wallet's shadow root: labelled, traps Tab, closes on Escape or backdrop click,
// returns focus to where it was.
import { type KeyboardEvent, type ReactElement, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { usePortalTarget } from '../wallet-config';
import modalCss from 'bundle-text:./modal.css';
import { registerStyles } from '../style-sheets';

registerStyles(modalCss);

interface ModalProps {
  open: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  actions: ReactNode;
  children?: ReactNode;
  /** Role alertdialog for confirmations that interrupt (logout, unlist). */
  role?: 'dialog' | 'alertdialog';
}

const focusableSelector = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function Modal({ open, title, description, onClose, actions, children, role = 'dialog' }: ModalProps): ReactElement | null {
  const target = usePortalTarget();
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    const root = dialog?.getRootNode() as Document | ShadowRoot | undefined;
    const previouslyFocused = root?.activeElement as HTMLElement | null | undefined;
    const first = dialog?.querySelector<HTMLElement>(focusableSelector);
    first?.focus();
    return () => previouslyFocused?.focus?.();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(focusableSelector)];
    const root = dialogRef.current.getRootNode() as Document | ShadowRoot;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && root.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && root.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const dialog = (
    <div className="tw-modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className="tw-modal"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 className="tw-modal__title" id={titleId}>
          {title}
        </h2>
        {description ? (
          <p className="tw-modal__body" id={descriptionId}>
            {description}
          </p>
        ) : null}
        {children}
        <div className="tw-modal__actions">{actions}</div>
      </div>
    </div>
  );
  return target ? createPortal(dialog, target) : dialog;
}
