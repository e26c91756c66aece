// A dialog portalled into the wallet's shadow root: labelled, traps Tab, closes on Escape or backdrop click,
// returns focus to where it was.
import { focusablesIn, keepTabInside } from '../focus-trap';
import { registerStyles } from '../style-sheets';
import { usePortalTarget } from '../wallet-config';
import { type KeyboardEvent, type ReactElement, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import modalCss from 'bundle-text:./modal.css';

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
  /**
   * Where the focus goes once the dialog closes, when not where it was at the opening (the control that opened it was
   * replaced meanwhile): asked at closing; null falls back to where it was.
   */
  returnFocus?: () => HTMLElement | null | undefined;
}

export function Modal({ open, title, description, onClose, actions, children, role = 'dialog', returnFocus }: ModalProps): ReactElement | null {
  const target = usePortalTarget();
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const returnFocusRef = useRef(returnFocus);
  returnFocusRef.current = returnFocus;

  useEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    const root = dialog?.getRootNode() as Document | ShadowRoot | undefined;
    const previouslyFocused = root?.activeElement as HTMLElement | null | undefined;
    const first = dialog ? focusablesIn(dialog)[0] : undefined;
    first?.focus();
    return () => (returnFocusRef.current?.() ?? previouslyFocused)?.focus?.();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (dialogRef.current) keepTabInside(dialogRef.current, event);
  };

  const content = (
    <>
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
    </>
  );
  const box = { ref: dialogRef, className: 'tw-modal', 'aria-labelledby': titleId, 'aria-describedby': description ? descriptionId : undefined, onKeyDown };
  // Each role written out, so the linter sees that the role carries aria-modal (useAriaPropsSupportedByRole).
  const dialog = (
    <div className="tw-modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      {role === 'alertdialog' ? (
        <div role="alertdialog" aria-modal="true" {...box}>
          {content}
        </div>
      ) : (
        <div role="dialog" aria-modal="true" {...box}>
          {content}
        </div>
      )}
    </div>
  );
  return target ? createPortal(dialog, target) : dialog;
}
