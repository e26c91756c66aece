// GIFT: pick a ticket from the dropdown (the server must say it can be gifted), name the receiver (gift-receiver.tsx),
// tick the terms and gift; then the success view. The gift machine decides everything; this view renders and sends.
import '../components/card';
import { Button } from '../components/button';
import { Icon } from '../components/icons';
import { PanelSkeleton } from '../components/panel-skeleton';
import { registerStyles } from '../style-sheets';
import { Skeleton } from '../components/skeleton';
import { useChild } from '../wallet-config';
import { useSelector } from '@xstate/react';
import { type ReactElement, useEffect, useRef } from 'react';
import type { UserTicket } from '../../contract/entities';
import type { GiftActor, GiftEvent } from '../../../machines/gift';
import {
  selectCanEditTicket,
  selectGifted,
  selectGiftStep,
  selectGiftTicket,
  selectGiftableTickets,
  selectVerifyingTicketId,
} from '../../../machines/gift.selectors';
import { DiscardQuestion } from '../components/discard-question';
import { LoadFailed } from '../components/load-failed';
import { Dropdown } from '../components/dropdown';
import { EventCard } from '../components/event-card';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import { focusIfLost } from '../focus-if-lost';
import { GiftReceiverStep } from './gift-receiver';
import giftScreenCss from 'bundle-text:./gift-screen.css';
import { i18n, strings } from '../i18n';

i18n.set('en', strings('en', screenStrings('GIFT')));
registerStyles(giftScreenCss);

export default function GiftScreen(): ReactElement {
  const gift = useChild('gift');
  return gift ? <GiftFlowScreen gift={gift} /> : <PanelSkeleton />;
}

function GiftFlowScreen({ gift }: { gift: GiftActor }): ReactElement {
  const step = useSelector(gift, selectGiftStep);
  const send = (event: GiftEvent) => gift.send(event);
  return (
    <section className="tw-screen tw-gift" aria-labelledby="tw-gift-title" aria-busy={step === 'loading' || undefined}>
      <div className="tw-screen__head">
        <h1 className="tw-title" id="tw-gift-title">
          {i18n.t('title.gift')}
        </h1>
        {step === 'done' ? null : <p className="tw-subtitle">{i18n.t('gift.subtitle')}</p>}
      </div>
      {step === 'done' ? <GiftSuccess gift={gift} send={send} /> : <GiftTicketStep gift={gift} send={send} />}
      {step === 'receiver' || step === 'confirmed' ? <GiftReceiverStep gift={gift} /> : null}
      <DiscardQuestion flow="gift" title={i18n.t('discard.gift_title')} />
    </section>
  );
}

/** "Event date • venue" of a ticket, as the event card shows it. */
// Two tickets of one type for one event read the same: the ticket number tells them apart.
const cardOf = (ticket: UserTicket) => ({
  title: ticket.ticketName,
  note: i18n.t('common.ticket_number', { number: ticket.userTicketId }),
  image: ticket.ticketLogo,
  date: ticket.eventStartDateTime,
  timeZone: ticket.eventTimeZone,
  venue: ticket.eventVenue,
});

function GiftTicketStep({ gift, send }: { gift: GiftActor; send: (event: GiftEvent) => void }): ReactElement {
  const step = useSelector(gift, selectGiftStep);
  const tickets = useSelector(gift, selectGiftableTickets);
  const verifying = useSelector(gift, selectVerifyingTicketId);
  const ticket = useSelector(gift, selectGiftTicket);
  const canEdit = useSelector(gift, selectCanEditTicket);
  const stepRef = useRef<HTMLElement>(null);
  const listing = step === 'picking' || step === 'verifying';
  // Back to the list (Edit, Cancel, a refusal): the card or button that had the focus is gone, the dropdown takes it.
  useEffect(() => {
    if (listing) focusIfLost(stepRef.current, '.tw-dropdown__button');
  }, [listing]);
  return (
    <section ref={stepRef} className="tw-card tw-gift__step" aria-labelledby="tw-gift-ticket-step">
      <h2 className="tw-gift__step-title" id="tw-gift-ticket-step">
        {i18n.t('gift.ticket_step')}
      </h2>
      {step === 'loading' ? (
        <div className="tw-gift__loading" role="status" aria-label={i18n.t('common.loading')}>
          <Skeleton width={80} height={14} />
          <Skeleton height={56} radius={12} />
        </div>
      ) : null}
      {step === 'failed' ? (
        <LoadFailed className="tw-gift__state" message={i18n.t('gift.load_error')} onRetry={() => send({ type: 'gift.retry' })} />
      ) : null}
      {(step === 'picking' || step === 'verifying') && tickets.length === 0 ? (
        <div className="tw-gift__state">
          <span className="tw-icon-tile tw-icon-tile--56" aria-hidden="true">
            <Icon path={iconPath('ticket')} size={26} />
          </span>
          <p className="tw-state-card__title">{i18n.t('gift.empty_title')}</p>
          <p className="tw-muted">{i18n.t('gift.empty_text')}</p>
          <Button variant="secondary" onClick={() => send({ type: 'gift.viewTickets' })}>
            {i18n.t('gift.to_my_tickets')}
          </Button>
        </div>
      ) : null}
      {(step === 'picking' || step === 'verifying') && tickets.length > 0 ? (
        <Dropdown
          label={i18n.t('gift.ticket_label')}
          placeholder={step === 'verifying' ? i18n.t('gift.checking') : i18n.t('gift.ticket_placeholder')}
          value={verifying}
          busy={step === 'verifying'}
          options={tickets.map((option) => ({
            value: option.userTicketId,
            label: `${option.ticketName}, ${option.eventName}, ${i18n.t('common.ticket_number', { number: option.userTicketId })}`,
            content: <EventCard variant="solid" {...cardOf(option)} selected={option.userTicketId === verifying} />,
          }))}
          onSelect={(userTicketId) => send({ type: 'gift.selectTicket', userTicketId })}
        />
      ) : null}
      {ticket ? (
        <EventCard
          {...cardOf(ticket)}
          caption={i18n.t('gift.you_are_gifting')}
          selected
          isEditable={canEdit}
          editLabel={i18n.t('gift.edit_ticket')}
          onEdit={() => send({ type: 'gift.editTicket' })}
        />
      ) : null}
    </section>
  );
}

function GiftSuccess({ gift, send }: { gift: GiftActor; send: (event: GiftEvent) => void }): ReactElement {
  const gifted = useSelector(gift, selectGifted);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: the news takes it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="tw-card tw-state-card tw-gift__success">
      <span className="tw-icon-tile tw-icon-tile--56 tw-icon-tile--success tw-state-card__icon" aria-hidden="true">
        <Icon path={iconPath('check')} size={28} />
      </span>
      <h2 className="tw-state-card__title" ref={headingRef} tabIndex={-1}>
        {i18n.t('gift.success_title')}
      </h2>
      <p className="tw-muted">{i18n.t('gift.success_text', { ticket: gifted?.ticketName ?? '', receiver: gifted?.receiver ?? '' })}</p>
      <div className="tw-gift__actions">
        <Button icon={<Icon path={iconPath('gift')} size={18} />} onClick={() => send({ type: 'gift.more' })}>
          {i18n.t('gift.more_tickets')}
        </Button>
        <Button variant="secondary" onClick={() => send({ type: 'gift.viewTickets' })}>
          {i18n.t('gift.view_tickets')}
        </Button>
      </div>
    </div>
  );
}
