// SWAP: step 1 picks the ticket type to swap and how many, step 2 the type to swap it for; choosing one starts the
// swap and opens the confirmation modal (UPGRADE or DOWNGRADE wording, what is paid or lost), whose Go to checkout
// sends the window to the ticket site's checkout page. A swap started earlier and left (the tab closed on the modal) is
// listed above step 1 with Continue to checkout and Cancel swap. The swap machine decides; this view renders and sends.
import '../components/card';
import { Button } from '../components/button';
import { Icon } from '../components/icons';
import { PanelSkeleton } from '../components/panel-skeleton';
import { registerStyles } from '../style-sheets';
import { useChild } from '../wallet-config';
import { useSelector } from '@xstate/react';
import { type ReactElement, useEffect, useRef } from 'react';
import type { SwapOrder } from '../../../src/contract/entities';
import type { SwapActor, SwapEvent } from '../../../machines/swap';
import {
  selectBase,
  selectBases,
  selectCancelledBase,
  selectHeldSwaps,
  selectHeldUnknown,
  selectIsBusy,
  selectSwapModal,
  selectSwapQuantity,
  selectSwapReceipt,
  selectSwapStep,
  selectTargets,
  selectTargetsState,
} from '../../../machines/swap.selectors';
import { DiscardQuestion } from '../components/discard-question';
import { HeldSwapNotice } from '../components/held-swap-notice';
import { LoadFailed } from '../components/load-failed';
import { EventCard, EventCardSkeleton } from '../components/event-card';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };
import { Modal } from '../components/modal';
import { formatMoney, localTimeOfDay } from '../format';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import swapScreenCss from 'bundle-text:./swap-screen.css';
import { i18n, strings } from '../i18n';

i18n.set('en', strings('en', screenStrings('SWAP')));
registerStyles(swapScreenCss);

export default function SwapScreen(): ReactElement {
  const swap = useChild('swap');
  return swap ? <SwapFlowScreen swap={swap} /> : <PanelSkeleton />;
}

type Send = (event: SwapEvent) => void;

function SwapFlowScreen({ swap }: { swap: SwapActor }): ReactElement {
  const step = useSelector(swap, selectSwapStep);
  const receipt = useSelector(swap, selectSwapReceipt);
  const send: Send = (event) => swap.send(event);
  const section = useRef<HTMLElement>(null);
  // Cancel (or Esc) on the confirmation releases the swap and resets the choice to the base step, so the focus goes
  // back to the Choose button of the base the machine remembers (`cancelledBase`): Enter picks it again. (Where the
  // focus was at the opening is gone: the target's button was replaced by its "Loading" state, and the whole target
  // step is hidden now.) Read when the confirmation closes, so it is the snapshot after the release.
  const returnFocus = () => {
    const cancelled = selectCancelledBase(swap.getSnapshot());
    return cancelled === null ? null : section.current?.querySelector<HTMLElement>(`[data-swap-base="${cancelled}"] button:not(:disabled)`);
  };
  if (receipt) return <SwapReceipt receipt={receipt} send={send} />;
  return (
    <section className="tw-screen tw-swap" aria-labelledby="tw-swap-title" aria-busy={step === 'loading' || undefined} ref={section}>
      <div className="tw-screen__head">
        <h1 className="tw-title" id="tw-swap-title">
          {i18n.t('title.swap')}
        </h1>
        <p className="tw-subtitle">{i18n.t('swap.subtitle')}</p>
      </div>
      <HeldSwaps swap={swap} send={send} />
      <BaseStep swap={swap} send={send} />
      <TargetStep swap={swap} send={send} />
      <ConfirmModal swap={swap} send={send} returnFocus={returnFocus} />
      <DiscardQuestion flow="swap" title={i18n.t('discard.swap_title')} />
    </section>
  );
}

/** Back from the checkout page with the order confirmed: what is held now, instead of what, and what it cost. */
export function SwapReceipt({ receipt, send }: { receipt: SwapOrder; send: Send }): ReactElement {
  const heading = useRef<HTMLHeadingElement>(null);
  // The window came back from another page: the news is where the focus starts.
  useEffect(() => heading.current?.focus(), []);
  const ticket = receipt.quantity > 1 ? `${receipt.quantity} × ${receipt.toName}` : receipt.toName;
  const amount = (value: number) => `${formatMoney(value, receipt.currencySymbol)} ${receipt.currencyCode}`;
  const cost =
    receipt.swapType === 'UPGRADE'
      ? i18n.t('swap.receipt_paid', { amount: amount(receipt.amountDue), from: receipt.fromName })
      : receipt.amountLost > 0
        ? i18n.t('swap.receipt_lost', { amount: amount(receipt.amountLost), from: receipt.fromName })
        : i18n.t('swap.receipt_free', { from: receipt.fromName });
  return (
    <section className="tw-screen tw-swap" aria-labelledby="tw-swap-receipt-title">
      <div className="tw-card tw-swap__receipt">
        <span className="tw-icon-tile tw-icon-tile--56 tw-swap__receipt-icon" aria-hidden="true">
          <Icon path={iconPath('check')} size={26} />
        </span>
        <h1 className="tw-title" id="tw-swap-receipt-title" tabIndex={-1} ref={heading}>
          {i18n.t('swap.receipt_title', { ticket })}
        </h1>
        <p className="tw-swap__receipt-event">{receipt.eventName}</p>
        <p>{cost}</p>
        <p className="tw-muted">{i18n.t('swap.receipt_order', { order: receipt.orderIdentifier })}</p>
        <div className="tw-swap__receipt-actions">
          <Button onClick={() => send({ type: 'swap.viewTickets' })}>{i18n.t('swap.view_tickets')}</Button>
          <Button variant="secondary" onClick={() => send({ type: 'swap.dismissReceipt' })}>
            {i18n.t('swap.receipt_more')}
          </Button>
        </div>
      </div>
    </section>
  );
}

/** The swaps in progress from before, each "held until" its end, with its two ways out. */
function HeldSwaps({ swap, send }: { swap: SwapActor; send: Send }): ReactElement | null {
  const rows = useSelector(swap, selectHeldSwaps);
  const unknown = useSelector(swap, selectHeldUnknown);
  if (unknown) return <LoadFailed className="tw-load-failed--inline" message={i18n.t('swap.held_unknown')} onRetry={() => send({ type: 'swap.retryHeld' })} />;
  if (rows.length === 0) return null;
  return (
    <>
      {rows.map(({ held, leaving, releasing, busy }) => (
        <HeldSwapNotice
          key={held.orderIdentifier}
          orderIdentifier={held.orderIdentifier}
          title={i18n.t('swap.held_title', localTimeOfDay(held.heldUntil, { locale: i18n.locale() }))}
          text={i18n.t('swap.held_text', { quantity: held.quantity, from: held.fromName, to: held.toName, event: held.eventName })}
          continueLabel={i18n.t('swap.held_continue')}
          cancelLabel={i18n.t('swap.held_cancel')}
          leaving={leaving}
          releasing={releasing}
          disabled={busy}
          onContinue={() => send({ type: 'swap.continueHeld', orderIdentifier: held.orderIdentifier })}
          onCancel={() => send({ type: 'swap.cancelHeld', orderIdentifier: held.orderIdentifier })}
        />
      ))}
    </>
  );
}

function BaseStep({ swap, send }: { swap: SwapActor; send: Send }): ReactElement {
  const step = useSelector(swap, selectSwapStep);
  const bases = useSelector(swap, selectBases);
  const base = useSelector(swap, selectBase);
  const quantity = useSelector(swap, selectSwapQuantity);
  const busy = useSelector(swap, selectIsBusy);
  return (
    <section className="tw-card tw-swap__step" aria-labelledby="tw-swap-base-step">
      <h2 className="tw-swap__step-title" id="tw-swap-base-step" data-focus-step>
        {i18n.t('swap.base_step')}
      </h2>
      {step === 'loading' ? (
        <div className="tw-swap__list" role="status" aria-label={i18n.t('common.loading')}>
          <EventCardSkeleton withActions />
          <EventCardSkeleton withActions />
        </div>
      ) : null}
      {step === 'failed' ? (
        <LoadFailed className="tw-swap__state" message={i18n.t('swap.load_error')} onRetry={() => send({ type: 'swap.retry' })} />
      ) : null}
      {step === 'picking' && bases.length === 0 ? (
        <div className="tw-swap__state">
          <span className="tw-icon-tile tw-icon-tile--56" aria-hidden="true">
            <Icon path={iconPath('swap')} size={26} />
          </span>
          <p className="tw-state-card__title">{i18n.t('swap.empty_title')}</p>
          <p className="tw-muted">{i18n.t('swap.empty_text')}</p>
          <Button variant="secondary" onClick={() => send({ type: 'swap.viewTickets' })}>
            {i18n.t('swap.view_tickets')}
          </Button>
        </div>
      ) : null}
      {step === 'picking' && bases.length > 0 ? (
        <ul className="tw-swap__list">
          {bases.map((option) => (
            <li key={option.id} data-swap-base={option.id}>
              <EventCard
                title={option.name}
                image={option.logo}
                price={option.price}
                currencySymbol={option.currencySymbol}
                caption={i18n.t('swap.you_hold', { count: option.quantity })}
                actions={[
                  {
                    icon: iconPath('swap'),
                    label: i18n.t('swap.choose', { ticket: option.name }),
                    onClick: () => send({ type: 'swap.selectBase', ticketTypeId: option.id }),
                  },
                ]}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {base ? (
        <>
          <EventCard
            title={base.name}
            image={base.logo}
            price={base.price}
            currencySymbol={base.currencySymbol}
            caption={i18n.t('swap.you_are_swapping')}
            selected
            isEditable={!busy}
            editLabel={i18n.t('swap.change')}
            onEdit={() => send({ type: 'swap.clearBase' })}
          />
          <div className="tw-swap__quantity" role="group" aria-labelledby="tw-swap-quantity">
            <span className="tw-field__label" id="tw-swap-quantity">
              {i18n.t('swap.quantity')}
            </span>
            <div className="tw-swap__stepper">
              <Button
                variant="secondary"
                size="small"
                aria-label={quantity.decrementClears ? i18n.t('swap.decrease_clears') : i18n.t('swap.decrease')}
                disabled={!quantity.canDecrement}
                onClick={() => send({ type: 'swap.decrement' })}
              >
                −
              </Button>
              <output aria-live="polite">{quantity.value}</output>
              <Button
                variant="secondary"
                size="small"
                aria-label={i18n.t('swap.increase')}
                disabled={!quantity.canIncrement}
                onClick={() => send({ type: 'swap.increment' })}
              >
                +
              </Button>
              <span className="tw-muted">{i18n.t('swap.quantity_max', { count: quantity.max })}</span>
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}

function TargetStep({ swap, send }: { swap: SwapActor; send: Send }): ReactElement | null {
  const state = useSelector(swap, selectTargetsState);
  const targets = useSelector(swap, selectTargets);
  const quantity = useSelector(swap, selectSwapQuantity);
  if (state === 'hidden') return null;
  return (
    <section className="tw-card tw-swap__step" aria-labelledby="tw-swap-target-step" aria-busy={state === 'loading' || undefined}>
      <h2 className="tw-swap__step-title" id="tw-swap-target-step" data-focus-step>
        {i18n.t('swap.target_step')}
      </h2>
      {state === 'loading' ? (
        <div className="tw-swap__list" role="status" aria-label={i18n.t('common.loading')}>
          <EventCardSkeleton withActions />
          <EventCardSkeleton withActions />
        </div>
      ) : null}
      {state === 'ready' && targets.length === 0 ? <p className="tw-muted">{i18n.t('swap.targets_empty')}</p> : null}
      {state === 'ready' && targets.length > 0 ? (
        <ul className="tw-swap__list">
          {targets.map(({ target, choosable, starting, selected }) => (
            <li key={target.id} aria-busy={starting || undefined}>
              <EventCard
                title={target.name}
                image={target.logo}
                price={target.price}
                currencySymbol={target.currencySymbol}
                caption={
                  target.quantity >= quantity.value
                    ? i18n.t('swap.available', { count: target.quantity })
                    : i18n.t('swap.not_enough', { count: quantity.value })
                }
                selected={selected}
                actions={[
                  {
                    icon: iconPath('swap'),
                    label: starting ? i18n.t('common.loading') : i18n.t('swap.choose', { ticket: target.name }),
                    onClick: () => send({ type: 'swap.selectTarget', swapPairId: target.id }),
                    disabled: !choosable,
                  },
                ]}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ConfirmModal({ swap, send, returnFocus }: { swap: SwapActor; send: Send; returnFocus: () => HTMLElement | null | undefined }): ReactElement | null {
  const modal = useSelector(swap, selectSwapModal);
  const step = useSelector(swap, selectSwapStep);
  if (!modal) return null;
  const busy = step !== 'confirming';
  return (
    <Modal
      open
      title={i18n.t(modal.titleKey)}
      description={i18n.t(modal.disclaimerKey, { amount: modal.amount })}
      onClose={() => (busy ? undefined : send({ type: 'swap.cancel' }))}
      returnFocus={returnFocus}
      actions={
        <>
          <Button loading={step === 'leaving'} disabled={busy} onClick={() => send({ type: 'swap.checkout' })}>
            {i18n.t('swap.checkout')}
          </Button>
          <Button variant="secondary" loading={step === 'cancelling'} disabled={busy} onClick={() => send({ type: 'swap.cancel' })}>
            {i18n.t('swap.cancel')}
          </Button>
        </>
      }
    >
      <div className="tw-swap__summary">
        <p className="tw-swap__line">{i18n.t('swap.modal_line', { quantity: modal.quantity, from: modal.from, to: modal.to })}</p>
        <p className="tw-muted">{modal.event}</p>
        <p className="tw-muted">{step === 'leaving' ? i18n.t('swap.leaving') : i18n.t('swap.reserved_note')}</p>
      </div>
    </Modal>
  );
}

