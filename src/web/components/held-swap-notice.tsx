// "Swap in progress, held until 16:30": a swap the person started and left (the tab closed on its confirmation) holds
// its tickets, and this says so where the ticket went missing (the ticket page, the swap screen), with its two ways
// out. The machines decide and hold the state; this only renders it and calls back. The screens pass their own strings.
import './card';
import { Button } from './button';
import { registerStyles } from '../style-sheets';
import type { ReactElement } from 'react';
import heldSwapNoticeCss from 'bundle-text:./held-swap-notice.css';

registerStyles(heldSwapNoticeCss);

export interface HeldSwapNoticeProps {
  /** The order, for the heading's id. */
  orderIdentifier: string;
  title: string;
  text: string;
  continueLabel: string;
  cancelLabel: string;
  /** Continue to checkout is on its way / Cancel swap runs: both buttons wait, the pressed one spins. */
  leaving: boolean;
  releasing: boolean;
  /** Another request of the screen runs (another swap's): the buttons wait too. */
  disabled?: boolean;
  onContinue: () => void;
  onCancel: () => void;
}

export function HeldSwapNotice(props: HeldSwapNoticeProps): ReactElement {
  const titleId = `tw-held-swap-${props.orderIdentifier.replace(/[^A-Za-z0-9_-]/g, '')}`;
  const busy = props.disabled || props.leaving || props.releasing;
  return (
    <section className="tw-card tw-section tw-held-swap" aria-labelledby={titleId} data-held-swap={props.orderIdentifier}>
      <h2 className="tw-section__title" id={titleId}>
        {props.title}
      </h2>
      <p className="tw-muted">{props.text}</p>
      <div className="tw-held-swap__actions">
        <Button loading={props.leaving} disabled={busy} onClick={props.onContinue}>
          {props.continueLabel}
        </Button>
        <Button variant="secondary" loading={props.releasing} disabled={busy} onClick={props.onCancel}>
          {props.cancelLabel}
        </Button>
      </div>
    </section>
  );
}
