// A full-screen panel over the wallet (QR learn-more): portalled into the shadow root, labelled by its title, takes
// the focus when it opens, keeps Tab inside, closes on Escape and hands the focus back to where it was.
import { Icon } from './icons';
import { keepTabInside } from '../focus-trap';
import { registerStyles } from '../style-sheets';
import { usePortalTarget } from '../wallet-config';
import { type KeyboardEvent, type ReactElement, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import fullScreenPanelCss from 'bundle-text:./full-screen-panel.css';
import { iconPath } from './icon-paths' with { type: 'macro' };

registerStyles(fullScreenPanelCss);

interface FullScreenPanelProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

export function FullScreenPanel({ title, closeLabel, onClose, children, className }: FullScreenPanelProps): ReactElement {
  const target = usePortalTarget();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const panel = panelRef.current;
    const root = panel?.getRootNode() as Document | ShadowRoot | undefined;
    const previouslyFocused = root?.activeElement as HTMLElement | null | undefined;
    panel?.focus();
    return () => previouslyFocused?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (panelRef.current) keepTabInside(panelRef.current, event);
  };

  const panel = (
    <div
      ref={panelRef}
      className={['tw-sheet', className ?? ''].filter(Boolean).join(' ')}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="tw-sheet__inner">
        <div className="tw-sheet__top">
          <button type="button" className="tw-icon-button" onClick={onClose} aria-label={closeLabel} title={closeLabel}>
            <Icon path={iconPath('close')} size={22} />
          </button>
        </div>
        <h2 className="tw-title" id={titleId}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
  return target ? createPortal(panel, target) : panel;
}
