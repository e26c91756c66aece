// RESELL: pick a resellable ticket, set quantity and price (the quote is the server's), Continue, tick the resale
// terms and list; then the success view with the share link. With no ticket selected: the listings in Sale and Sold
// tabs, with Share (modal) and Unlist (confirmation). The resell and listings machines decide; this view renders.
import { useSelector } from '@xstate/react';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import type { ResellableTicket } from '../../contract/entities';
import type { ListingsActor, ListingsTab } from '../../../machines/listings';
import type { ResellActor, ResellEvent } from '../../../machines/resell';
import {
  daysSince,
  selectCanCancel,
  selectCanContinue,
  selectCanList,
  selectIsListing,
  selectIsQuoting,
  selectIsUnlisting,
  selectListed,
  selectListingsActor,
  selectListingsStep,
  selectListingsTab,
  selectNoStripeNotice,
  selectOnSale,
  selectPriceField,
  selectPriceValue,
  selectQuantity,
  selectQuoteSummary,
  selectResellableTickets,
  selectResellStep,
  selectResellTicket,
  selectSharing,
  selectSold,
  selectTermsAccepted,
  selectUnlisting,
} from '../../../machines/resell.selectors';
import { Button } from '../components/button';
import '../components/card';
import { Dropdown } from '../components/dropdown';
import { EventCard } from '../components/event-card';
import { FormField } from '../components/form-field';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };
import { Icon } from '../components/icons';
import { ListTabs } from '../components/list-tabs';
import { Modal } from '../components/modal';
import { PanelSkeleton } from '../components/panel-skeleton';
import { Skeleton } from '../components/skeleton';
import { formatMoney, formatValidUntil } from '../format';
import { addStrings, t } from '../i18n';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import { registerStyles } from '../style-sheets';
import { useChild } from '../wallet-config';
import resellScreenCss from 'bundle-text:./resell-screen.css';

addStrings(screenStrings('RESELL'));
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
          {t('title.resell')}
        </h1>
        {step === 'done' ? null : <p className="tw-subtitle">{t('resell.subtitle')}</p>}
      </div>
      {step === 'done' ? <ResellSuccess resell={resell} send={send} /> : <TicketStep resell={resell} send={send} />}
      {step === 'editing' ? <PriceStep resell={resell} send={send} /> : null}
      {step === 'confirmed' ? <ConfirmStep resell={resell} send={send} /> : null}
      {step === 'picking' && listings ? <Listings listings={listings} /> : null}
    </section>
  );
}

const money = (amount: number, symbol: string) => formatMoney(amount, symbol);

function TicketStep({ resell, send }: { resell: ResellActor; send: Send }): ReactElement {
  const step = useSelector(resell, selectResellStep);
  const tickets = useSelector(resell, selectResellableTickets);
  const ticket = useSelector(resell, selectResellTicket);
  const canCancel = useSelector(resell, selectCanCancel);
  return (
    <section className="tw-card tw-resell__step" aria-labelledby="tw-resell-ticket-step">
      <h2 className="tw-resell__step-title" id="tw-resell-ticket-step">
        {t('resell.ticket_step')}
      </h2>
      {step === 'loading' ? (
        <div role="status" aria-label={t('common.loading')}>
          <Skeleton height={56} radius={12} />
        </div>
      ) : null}
      {step === 'failed' ? (
        <div className="tw-resell__state" role="alert">
          <p>{t('resell.load_error')}</p>
          <Button variant="secondary" icon={<Icon path={iconPath('refresh')} size={18} />} onClick={() => send({ type: 'resell.retry' })}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {step === 'picking' && tickets.length === 0 ? <p className="tw-muted">{t('resell.empty_text')}</p> : null}
      {step === 'picking' && tickets.length > 0 ? (
        <Dropdown
          label={t('resell.ticket_label')}
          placeholder={t('resell.ticket_placeholder')}
          value={null}
          options={tickets.map((option: ResellableTicket) => ({
            value: option.userTicketId,
            label: option.ticketName,
            content: (
              <EventCard variant="solid" title={option.ticketName} image={option.ticketLogo} price={option.ticketPrice} currencySymbol={option.currencySymbol} />
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
          caption={t('resell.you_are_reselling')}
          selected
          isEditable={canCancel}
          editLabel={t('resell.cancel')}
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
      <h3 className="tw-resell__summary-title">{t('resell.summary')}</h3>
      {summary ? (
        <dl>
          <dt>{t('resell.subtotal')}</dt>
          <dd>{`${summary.currencySymbol}${summary.subtotal}`}</dd>
          <dt>{t('resell.service_fee')}</dt>
          <dd>{`${summary.currencySymbol}${summary.serviceFee}`}</dd>
          <dt className="tw-resell__total">{t('resell.total')}</dt>
          <dd className="tw-resell__total">{`${summary.currencySymbol}${summary.total}`}</dd>
        </dl>
      ) : (
        <p className="tw-muted">{quoting ? t('resell.quoting') : '—'}</p>
      )}
    </div>
  );
}

function PriceStep({ resell, send }: { resell: ResellActor; send: Send }): ReactElement | null {
  const ticket = useSelector(resell, selectResellTicket);
  const quantity = useSelector(resell, selectQuantity);
  const price = useSelector(resell, selectPriceField);
  const canContinue = useSelector(resell, selectCanContinue);
  if (!ticket) return null;
  return (
    <section className="tw-card tw-resell__step" aria-label={t('resell.summary')}>
      <div className="tw-resell__quantity" role="group" aria-label={t('resell.quantity')}>
        <span className="tw-field__label">{t('resell.quantity')}</span>
        <div className="tw-resell__stepper">
          <Button variant="secondary" size="small" aria-label={t('resell.decrease')} disabled={!quantity.canDecrement} onClick={() => send({ type: 'resell.decrement' })}>
            −
          </Button>
          <output aria-live="polite">{quantity.value}</output>
          <Button variant="secondary" size="small" aria-label={t('resell.increase')} disabled={!quantity.canIncrement} onClick={() => send({ type: 'resell.increment' })}>
            +
          </Button>
          <span className="tw-muted">{t('resell.quantity_max', { count: quantity.max })}</span>
        </div>
      </div>
      <FormField
        label={t('resell.price', { currency: ticket.currencyCode })}
        inputMode="decimal"
        autoComplete="off"
        value={price.value}
        error={price.error}
        status={price.status}
        helper={t('resell.price_hint', { price: money(ticket.maxTicketPrice, ticket.currencySymbol) })}
        onValueChange={(value) => send({ type: 'resell.changePrice', value })}
        onBlur={() => send({ type: 'resell.blurPrice' })}
      />
      <QuoteSummaryView resell={resell} />
      <div className="tw-resell__actions">
        <Button disabled={!canContinue} onClick={() => send({ type: 'resell.continue' })}>
          {t('resell.continue')}
        </Button>
        <Button variant="secondary" onClick={() => send({ type: 'resell.cancel' })}>
          {t('resell.cancel')}
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
      <h2 className="tw-resell__step-title" id="tw-resell-confirm">
        {t('resell.confirm_title')}
      </h2>
      <p>{t('resell.confirm_line', { quantity: quantity.value, ticket: ticket.ticketName, price: money(price ?? 0, ticket.currencySymbol) })}</p>
      <QuoteSummaryView resell={resell} />
      <label className="tw-resell__terms">
        <input type="checkbox" checked={accepted} disabled={listing} onChange={() => send({ type: 'resell.toggleTerms' })} />
        <span>{t('resell.terms')}</span>
      </label>
      {noStripe ? (
        <p className="tw-resell__notice" role="alert">
          {t('resell.no_stripe_before')}
          <button type="button" className="tw-link-button" onClick={() => send({ type: 'resell.openPayouts' })}>
            {t('resell.no_stripe_link')}
          </button>
          {t('resell.no_stripe_after')}
        </p>
      ) : null}
      <div className="tw-resell__actions">
        <Button disabled={!canList} loading={listing} onClick={() => send({ type: 'resell.submit' })}>
          {t('resell.list')}
        </Button>
        <Button variant="secondary" disabled={!canCancel} onClick={() => send({ type: 'resell.edit' })}>
          {t('resell.edit')}
        </Button>
        <Button variant="ghost" disabled={!canCancel} onClick={() => send({ type: 'resell.cancel' })}>
          {t('resell.cancel')}
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
        {t('resell.success_title')}
      </h2>
      <p className="tw-muted">{t('resell.success_text')}</p>
      <ShareLink link={listed?.shareLinkUrl ?? ''} onCopy={() => send({ type: 'resell.copy' })} />
      <Button icon={<Icon path={iconPath('ticket')} size={18} />} onClick={() => send({ type: 'resell.more' })}>
        {t('resell.more')}
      </Button>
    </div>
  );
}

function ShareLink({ link, onCopy }: { link: string; onCopy: () => void }): ReactElement {
  return (
    <div className="tw-resell__link">
      <input className="tw-input" readOnly value={link} aria-label={t('listings.share_title')} onFocus={(event) => event.target.select()} />
      <Button variant="secondary" icon={<Icon path={iconPath('copy')} size={18} />} onClick={onCopy}>
        {t('resell.copy')}
      </Button>
    </div>
  );
}

const tabLabels: Record<ListingsTab, string> = { SALE: 'listings.sale', SOLD: 'listings.sold' };

function ago(iso: string, today: string, days: string): string {
  const count = daysSince(iso, Date.now());
  return count === 0 ? t(today) : t(days, { count });
}

function Listings({ listings }: { listings: ListingsActor }): ReactElement {
  const step = useSelector(listings, selectListingsStep);
  const tab = useSelector(listings, selectListingsTab);
  const sale = useSelector(listings, selectOnSale);
  const sold = useSelector(listings, selectSold);
  return (
    <section className="tw-resell__listings" aria-labelledby="tw-listings-title">
      <h2 className="tw-resell__step-title" id="tw-listings-title">
        {t('listings.title')}
      </h2>
      {step === 'loading' ? (
        <div role="status" aria-label={t('common.loading')}>
          <Skeleton height={72} radius={12} />
        </div>
      ) : null}
      {step === 'failed' ? (
        <div className="tw-resell__state" role="alert">
          <p>{t('listings.load_error')}</p>
          <Button variant="secondary" onClick={() => listings.send({ type: 'listings.retry' })}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {step === 'ready' ? (
        <ListTabs
          id="tw-listings"
          label={t('listings.tabs')}
          tabs={(['SALE', 'SOLD'] as const).map((value) => ({ value, label: t(tabLabels[value]) }))}
          selected={tab}
          onSelect={(value) => listings.send({ type: 'listings.chooseTab', tab: value })}
        >
          <ul className="tw-resell__list">
            {tab === 'SALE' && sale.length === 0 ? <li className="tw-muted">{t('listings.empty_sale')}</li> : null}
            {tab === 'SOLD' && sold.length === 0 ? <li className="tw-muted">{t('listings.empty_sold')}</li> : null}
            {tab === 'SALE'
              ? sale.map((entry) => (
                  <li key={entry.userTicketId} className="tw-resell__entry">
                    <EventCard variant="solid" title={entry.name} image={entry.ticketLogo} price={entry.price} currencySymbol={entry.currencySymbol} />
                    <span className="tw-muted">{ago(entry.listedDate, 'listings.listed_today', 'listings.listed_days')}</span>
                    <div className="tw-resell__actions">
                      <Button size="small" variant="secondary" icon={<Icon path={iconPath('external')} size={16} />} onClick={() => listings.send({ type: 'listings.share', userTicketId: entry.userTicketId })}>
                        {t('listings.share')}
                      </Button>
                      <Button size="small" variant="ghost" onClick={() => listings.send({ type: 'listings.unlist', userTicketId: entry.userTicketId })}>
                        {t('listings.unlist')}
                      </Button>
                    </div>
                  </li>
                ))
              : sold.map((entry) => (
                  <li key={entry.userTicketId} className="tw-resell__entry">
                    <EventCard variant="solid" title={entry.name} image={entry.ticketLogo} price={entry.price} currencySymbol={entry.currencySymbol} />
                    <span className="tw-muted">
                      {ago(entry.soldDate, 'listings.sold_today', 'listings.sold_days')} ·{' '}
                      {t(entry.payoutStatus === 'paid' ? 'listings.payout_paid' : 'listings.payout_held', { date: formatValidUntil(entry.payoutDate) })}
                    </span>
                  </li>
                ))}
          </ul>
        </ListTabs>
      ) : null}
      <ShareModal listings={listings} />
      <UnlistModal listings={listings} />
    </section>
  );
}

/** SPEC §2: native share at most 480.99 px wide (where the device offers it), else Facebook, Twitter and Mail. */
function useNarrow(): boolean {
  const query = '(max-width: 480.99px)';
  const [narrow, setNarrow] = useState(() => globalThis.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = globalThis.matchMedia?.(query);
    if (!list) return;
    const onChange = () => setNarrow(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return narrow;
}

function ShareModal({ listings }: { listings: ListingsActor }): ReactElement | null {
  const entry = useSelector(listings, selectSharing);
  const narrow = useNarrow();
  const close = () => listings.send({ type: 'listings.close' });
  if (!entry) return null;
  const text = t('listings.share_text', { ticket: entry.name });
  const url = encodeURIComponent(entry.shareLinkUrl);
  const native = narrow && typeof globalThis.navigator?.share === 'function';
  return (
    <Modal
      open
      title={t('listings.share_title')}
      onClose={close}
      actions={
        <Button variant="secondary" onClick={close}>
          {t('listings.close')}
        </Button>
      }
    >
      <div className="tw-resell__share">
        <ShareLink link={entry.shareLinkUrl} onCopy={() => listings.send({ type: 'listings.copy' })} />
        {native ? (
          <Button icon={<Icon path={iconPath('external')} size={18} />} onClick={() => listings.send({ type: 'listings.nativeShare' })}>
            {t('listings.share_native')}
          </Button>
        ) : (
          <ul className="tw-resell__share-menu" aria-label={t('listings.share')}>
            <li>
              <a href={`https://www.facebook.com/sharer/sharer.php?u=${url}&quote=${encodeURIComponent(text)}`} target="_blank" rel="noopener noreferrer">
                {'Facebook' /* a product name: the same in every language */}
              </a>
            </li>
            <li>
              <a href={`https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(text)}`} target="_blank" rel="noopener noreferrer">
                {'Twitter'}
              </a>
            </li>
            <li>
              <a href={`mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(`${text}\n${entry.shareLinkUrl}`)}`}>{t('listings.share_mail')}</a>
            </li>
          </ul>
        )}
      </div>
    </Modal>
  );
}

function UnlistModal({ listings }: { listings: ListingsActor }): ReactElement | null {
  const entry = useSelector(listings, selectUnlisting);
  const busy = useSelector(listings, selectIsUnlisting);
  if (!entry) return null;
  return (
    <Modal
      open
      role="alertdialog"
      title={t('listings.unlist_title')}
      description={t('listings.unlist_text', { ticket: entry.name })}
      onClose={() => (busy ? undefined : listings.send({ type: 'listings.close' }))}
      actions={
        <>
          <Button variant="danger" loading={busy} onClick={() => listings.send({ type: 'listings.confirmUnlist' })}>
            {t('listings.unlist_confirm')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => listings.send({ type: 'listings.close' })}>
            {t('listings.close')}
          </Button>
        </>
      }
    />
  );
}
