// RESELL: pick a resellable ticket, set quantity and price (the quote is the server's), Continue, tick the resale
// terms and list; then the success view with the share link. With no ticket selected the seller's listings show
// below (components/listings.tsx). The resell machine decides; this view renders.
import '../components/card';
import { Button } from '../components/button';
import { Icon } from '../components/icons';
import { PanelSkeleton } from '../components/panel-skeleton';
import { registerStyles } from '../style-sheets';
import { Skeleton } from '../components/skeleton';
import { useChild } from '../wallet-config';
import { useSelector } from '@xstate/react';
import { type ReactElement, useEffect, useRef } from 'react';
import type { ResellableTicket } from '../../contract/entities';
import type { ResellActor, ResellEvent } from '../../../machines/resell';
import {
  selectCanCancel,
  selectCanContinue,
  selectCanList,
  selectIsListing,
  selectIsQuoting,
  selectListed,
  selectListingsActor,
  selectNoStripeNotice,
  selectPayoutsFirst,
  selectPriceField,
  selectPriceValue,
  selectQuantity,
  selectQuoteSummary,
  selectResellableTickets,
  selectResellStep,
  selectResellTicket,
  selectTermsAccepted,
} from '../../../machines/resell.selectors';
import { DiscardQuestion } from '../components/discard-question';
import { LoadFailed } from '../components/load-failed';
import { Dropdown } from '../components/dropdown';
import { EventCard } from '../components/event-card';
import { FormField } from '../components/form-field';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };
import { Listings, ShareLink } from '../components/listings';
import { formatMoney } from '../format';
import { submitAndFocusFirstError } from '../focus-first-error';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import resellScreenCss from 'bundle-text:./resell-screen.css';
import { i18n, strings } from '../i18n';

i18n.set('en', strings('en', screenStrings('RESELL')));
registerStyles(resellScreenCss);

export default function ResellScreen(): ReactElement {
  const resell = useChild('resell');
  return resell ? <ResellFlowScreen resell={resell} /> : <PanelSkeleton />;
}

type Send = (event: ResellEvent) => void;

function ResellFlowScreen({ resell }: { resell: ResellActor }): ReactElement {
  const step = useSelector(resell, selectResellStep);
  const listings = useSelector(resell, selectListingsActor);
  const send: Send = (event) => resell.send(event);
  return (
    <section className="tw-screen tw-resell" aria-labelledby="tw-resell-title" aria-busy={step === 'loading' || undefined}>
      <div className="tw-screen__head">
        <h1 className="tw-title" id="tw-resell-title">
          {i18n.t('title.resell')}
        </h1>
        {step === 'done' ? null : <p className="tw-subtitle">{i18n.t('resell.subtitle')}</p>}
      </div>
      <PayoutsFirst resell={resell} send={send} />
      {step === 'done' ? <ResellSuccess resell={resell} send={send} /> : <TicketStep resell={resell} send={send} />}
      {step === 'editing' ? <PriceStep resell={resell} send={send} /> : null}
      {step === 'confirmed' ? <ConfirmStep resell={resell} send={send} /> : null}
      {step === 'picking' && listings ? <Listings listings={listings} /> : null}
      <DiscardQuestion flow="resell" title={i18n.t('discard.resell_title')} />
    </section>
  );
}

const money = (amount: number, symbol: string) => formatMoney(amount, symbol);
/** Two tickets of one type read the same: the ticket number tells them apart. */
const ticketNumber = (ticket: ResellableTicket) => i18n.t('common.ticket_number', { number: ticket.userTicketId });

/** An unverified payout account is said first, before the ticket, quantity and price. */
function PayoutsFirst({ resell, send }: { resell: ResellActor; send: Send }): ReactElement | null {
  const shown = useSelector(resell, selectPayoutsFirst);
  if (!shown) return null;
  return (
    <section className="tw-card tw-resell__payouts-first" aria-labelledby="tw-resell-payouts-first">
      <h2 className="tw-resell__step-title" id="tw-resell-payouts-first">
        <Icon path={iconPath('alert')} size={18} /> {i18n.t('resell.payouts_first_title')}
      </h2>
      <p>{i18n.t('resell.payouts_first_text')}</p>
      <Button variant="secondary" onClick={() => send({ type: 'resell.openPayouts' })}>
        {i18n.t('resell.payouts_first_button')}
      </Button>
    </section>
  );
}

function TicketStep({ resell, send }: { resell: ResellActor; send: Send }): ReactElement {
  const step = useSelector(resell, selectResellStep);
  const tickets = useSelector(resell, selectResellableTickets);
  const ticket = useSelector(resell, selectResellTicket);
  const canCancel = useSelector(resell, selectCanCancel);
  return (
    <section className="tw-card tw-resell__step" aria-labelledby="tw-resell-ticket-step">
      <h2 className="tw-resell__step-title" id="tw-resell-ticket-step" data-focus-step>
        {i18n.t('resell.ticket_step')}
      </h2>
      {step === 'loading' ? (
        <div role="status" aria-label={i18n.t('common.loading')}>
          <Skeleton height={56} radius={12} />
        </div>
      ) : null}
      {step === 'failed' ? (
        <LoadFailed className="tw-resell__state" message={i18n.t('resell.load_error')} onRetry={() => send({ type: 'resell.retry' })} />
      ) : null}
      {step === 'picking' && tickets.length === 0 ? <p className="tw-muted">{i18n.t('resell.empty_text')}</p> : null}
      {step === 'picking' && tickets.length > 0 ? (
        <Dropdown
          label={i18n.t('resell.ticket_label')}
          placeholder={i18n.t('resell.ticket_placeholder')}
          value={null}
          options={tickets.map((option: ResellableTicket) => ({
            value: option.userTicketId,
            label: `${option.ticketName}, ${ticketNumber(option)}`,
            content: (
              <EventCard
                variant="solid"
                title={option.ticketName}
                image={option.ticketLogo}
                price={option.ticketPrice}
                currencySymbol={option.currencySymbol}
                note={ticketNumber(option)}
              />
            ),
          }))}
          onSelect={(userTicketId) => send({ type: 'resell.selectTicket', userTicketId })}
        />
      ) : null}
      {ticket ? (
        <EventCard
          title={ticket.ticketName}
          image={ticket.ticketLogo}
          price={ticket.ticketPrice}
          currencySymbol={ticket.currencySymbol}
          caption={i18n.t('resell.you_are_reselling')}
          note={ticketNumber(ticket)}
          selected
          isEditable={canCancel}
          editLabel={i18n.t('resell.cancel')}
          onEdit={() => send({ type: 'resell.cancel' })}
        />
      ) : null}
    </section>
  );
}

function QuoteSummaryView({ resell }: { resell: ResellActor }): ReactElement {
  const summary = useSelector(resell, selectQuoteSummary);
  const quoting = useSelector(resell, selectIsQuoting);
  return (
    <div className="tw-resell__summary" aria-live="polite" aria-busy={quoting || undefined}>
      <h3 className="tw-resell__summary-title">{i18n.t('resell.summary')}</h3>
      {summary ? (
        <dl>
          <dt>{i18n.t('resell.subtotal')}</dt>
          <dd>{`${summary.currencySymbol}${summary.subtotal}`}</dd>
          <dt>{i18n.t('resell.service_fee')}</dt>
          <dd>{`${summary.currencySymbol}${summary.serviceFee}`}</dd>
          <dt className="tw-resell__total">{i18n.t('resell.total')}</dt>
          <dd className="tw-resell__total">{`${summary.currencySymbol}${summary.total}`}</dd>
        </dl>
      ) : (
        <p className="tw-muted">{quoting ? i18n.t('resell.quoting') : '—'}</p>
      )}
    </div>
  );
}

function PriceStep({ resell, send }: { resell: ResellActor; send: Send }): ReactElement | null {
  const ticket = useSelector(resell, selectResellTicket);
  const quantity = useSelector(resell, selectQuantity);
  const price = useSelector(resell, selectPriceField);
  const canContinue = useSelector(resell, selectCanContinue);
  const stepRef = useRef<HTMLElement>(null);
  if (!ticket) return null;
  return (
    <section className="tw-card tw-resell__step" aria-label={i18n.t('resell.summary')} ref={stepRef}>
      <div className="tw-resell__quantity" role="group" aria-label={i18n.t('resell.quantity')}>
        <span className="tw-field__label">{i18n.t('resell.quantity')}</span>
        <div className="tw-resell__stepper">
          <Button variant="secondary" size="small" aria-label={i18n.t('resell.decrease')} disabled={!quantity.canDecrement} onClick={() => send({ type: 'resell.decrement' })}>
            −
          </Button>
          <output aria-live="polite">{quantity.value}</output>
          <Button variant="secondary" size="small" aria-label={i18n.t('resell.increase')} disabled={!quantity.canIncrement} onClick={() => send({ type: 'resell.increment' })}>
            +
          </Button>
          <span className="tw-muted">{i18n.t('resell.quantity_max', { count: quantity.max })}</span>
        </div>
      </div>
      <FormField
        label={i18n.t('resell.price', { currency: ticket.currencyCode })}
        inputMode="decimal"
        autoComplete="off"
        value={price.value}
        error={price.error}
        errorParams={{ price: money(ticket.maxTicketPrice, ticket.currencySymbol) }}
        status={price.status}
        helper={i18n.t('resell.price_hint', { price: money(ticket.maxTicketPrice, ticket.currencySymbol) })}
        onValueChange={(value) => send({ type: 'resell.changePrice', value })}
        onBlur={() => send({ type: 'resell.blurPrice' })}
      />
      <QuoteSummaryView resell={resell} />
      <div className="tw-resell__actions">
        {/* A price the rule refuses: Continue says why and puts the focus on the price. */}
        <Button disabled={!canContinue} onClick={() => submitAndFocusFirstError(stepRef.current, () => send({ type: 'resell.continue' }))}>
          {i18n.t('resell.continue')}
        </Button>
        <Button variant="secondary" onClick={() => send({ type: 'resell.cancel' })}>
          {i18n.t('resell.cancel')}
        </Button>
      </div>
    </section>
  );
}

function ConfirmStep({ resell, send }: { resell: ResellActor; send: Send }): ReactElement | null {
  const ticket = useSelector(resell, selectResellTicket);
  const quantity = useSelector(resell, selectQuantity);
  const price = useSelector(resell, selectPriceValue);
  const accepted = useSelector(resell, selectTermsAccepted);
  const canList = useSelector(resell, selectCanList);
  const listing = useSelector(resell, selectIsListing);
  const noStripe = useSelector(resell, selectNoStripeNotice);
  const canCancel = useSelector(resell, selectCanCancel);
  if (!ticket) return null;
  return (
    <section className="tw-card tw-resell__step" aria-labelledby="tw-resell-confirm">
      <h2 className="tw-resell__step-title" id="tw-resell-confirm" data-focus-step>
        {i18n.t('resell.confirm_title')}
      </h2>
      <p>{i18n.t('resell.confirm_line', { quantity: quantity.value, ticket: ticket.ticketName, price: money(price ?? 0, ticket.currencySymbol) })}</p>
      <QuoteSummaryView resell={resell} />
      <label className="tw-resell__terms">
        <input type="checkbox" checked={accepted} disabled={listing} onChange={() => send({ type: 'resell.toggleTerms' })} />
        <span>{i18n.t('resell.terms')}</span>
      </label>
      {noStripe ? (
        <p className="tw-resell__notice" role="alert">
          {i18n.t('resell.no_stripe_before')}
          <button type="button" className="tw-link-button" onClick={() => send({ type: 'resell.openPayouts' })}>
            {i18n.t('resell.no_stripe_link')}
          </button>
          {i18n.t('resell.no_stripe_after')}
        </p>
      ) : null}
      <div className="tw-resell__actions">
        <Button disabled={!canList} loading={listing} onClick={() => send({ type: 'resell.submit' })}>
          {i18n.t('resell.list')}
        </Button>
        <Button variant="secondary" disabled={!canCancel} onClick={() => send({ type: 'resell.edit' })}>
          {i18n.t('resell.edit')}
        </Button>
        <Button variant="ghost" disabled={!canCancel} onClick={() => send({ type: 'resell.cancel' })}>
          {i18n.t('resell.cancel')}
        </Button>
      </div>
    </section>
  );
}

function ResellSuccess({ resell, send }: { resell: ResellActor; send: Send }): ReactElement {
  const listed = useSelector(resell, selectListed);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="tw-card tw-state-card tw-resell__success">
      <span className="tw-icon-tile tw-icon-tile--56 tw-icon-tile--success tw-state-card__icon" aria-hidden="true">
        <Icon path={iconPath('check')} size={28} />
      </span>
      <h2 className="tw-state-card__title" ref={headingRef} tabIndex={-1}>
        {i18n.t('resell.success_title')}
      </h2>
      <p className="tw-muted">{i18n.t('resell.success_text')}</p>
      <ShareLink link={listed?.shareLinkUrl ?? ''} onCopy={() => send({ type: 'resell.copy' })} />
      <Button icon={<Icon path={iconPath('ticket')} size={18} />} onClick={() => send({ type: 'resell.more' })}>
        {i18n.t('resell.more')}
      </Button>
    </div>
  );
}
