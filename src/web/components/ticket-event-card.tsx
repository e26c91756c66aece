// The single ticket's event card (feature image, logos, names, date range, venue and address) and its event-access
// card (used, with the date, or unused), plus the loading skeleton.
import './card';
import { Icon } from './icons';
import { LinkButton } from './button';
import { registerStyles } from '../style-sheets';
import { Skeleton } from './skeleton';
import { type ReactElement, useState } from 'react';
import type { TicketDetail } from '../../contract/entities';
import { ticketTiming } from '../../../machines/my-tickets.selectors';
import { formatEventDateRange, formatLocalMoment } from '../format';
import { Badge } from './badge';
import { TimingBadge } from './ticket-card';
import { TicketLogo } from './ticket-logo';
import ticketEventCardCss from 'bundle-text:./ticket-event-card.css';
import { i18n } from '../i18n';
import { iconPath } from './icon-paths' with { type: 'macro' };

registerStyles(ticketEventCardCss);

export function TicketEventCard({ ticket, titleId }: { ticket: TicketDetail; titleId: string }): ReactElement {
  const [imageFailed, setImageFailed] = useState(false);
  const image = ticket.eventFeatureImage && !imageFailed ? ticket.eventFeatureImage : null;
  return (
    <article className="tw-card tw-event-card" aria-labelledby={titleId}>
      <div className="tw-event-card__media" data-empty={!image || undefined}>
        {image ? <img src={image} alt="" onError={() => setImageFailed(true)} /> : null}
        <span className="tw-event-card__badge">
          <TimingBadge timing={ticketTiming(ticket)} />
        </span>
      </div>
      <div className="tw-event-card__body">
        <div className="tw-event-card__head">
          <TicketLogo src={ticket.eventLogo ?? ticket.ticketLogo} size={52} />
          <div className="tw-event-card__names">
            <p className="tw-event-card__event">{ticket.eventName}</p>
            <h1 className="tw-event-card__title" id={titleId}>
              {ticket.ticketName}
            </h1>
          </div>
        </div>
        <ul className="tw-event-card__facts">
          <li className="tw-fact">
            <Icon path={iconPath('calendar')} size={16} />
            <span>{formatEventDateRange(ticket.eventStartDateTime, ticket.eventEndDateTime, { locale: i18n.locale(), tz: ticket.eventTimeZone })}</span>
          </li>
          <li className="tw-fact">
            <Icon path={iconPath('pin')} size={16} />
            <span>
              <span className="tw-strong">{ticket.eventVenue}</span>, {ticket.eventCity}
              {ticket.eventAddress1 ? <span className="tw-event-card__address">{ticket.eventAddress1}</span> : null}
            </span>
          </li>
          {/* Two tickets of one type for one event read the same: the ticket number tells them apart. */}
          <li className="tw-fact">
            <Icon path={iconPath('ticket')} size={16} />
            <span>{i18n.t('common.ticket_number', { number: ticket.userTicketId })}</span>
          </li>
        </ul>
      </div>
    </article>
  );
}

interface EventAccessCardProps {
  used: boolean;
  usedOn: string | null;
  timeZone: string;
  /** Opens the entry QR: the card says to show it, so it leads there. */
  onShowQr?: (() => void) | undefined;
}

export function EventAccessCard({ used, usedOn, timeZone, onShowQr }: EventAccessCardProps): ReactElement {
  return (
    <section className="tw-card tw-card--compact tw-access" data-used={used || undefined} aria-labelledby="tw-access-title">
      <span className={`tw-icon-tile ${used ? 'tw-icon-tile--muted' : 'tw-icon-tile--success'}`} aria-hidden="true">
        <Icon path={used ? iconPath('check') : iconPath('qr')} size={22} />
      </span>
      <div className="tw-access__text">
        <div className="tw-access__head">
          <h2 className="tw-access__title" id="tw-access-title">
            {i18n.t('ticket.access_title')}
          </h2>
          <Badge tone={used ? 'muted' : 'success'}>{used ? i18n.t('ticket.access_used') : i18n.t('ticket.access_unused')}</Badge>
        </div>
        <span className="tw-access__detail">
          {used
            ? usedOn
              ? i18n.t('ticket.access_used_on', { date: formatLocalMoment(usedOn, { locale: i18n.locale(), tz: timeZone }) })
              : i18n.t('ticket.access_used')
            : i18n.t('ticket.access_unused_hint')}
        </span>
        {!used && onShowQr ? (
          <LinkButton className="tw-access__link" onClick={onShowQr}>
            {i18n.t('ticket.show_qr')}
          </LinkButton>
        ) : null}
      </div>
    </section>
  );
}

export function TicketEventCardSkeleton(): ReactElement {
  return (
    <div className="tw-card tw-event-card" aria-hidden="true">
      <div className="tw-event-card__media">
        <Skeleton width="100%" height="100%" radius={0} />
      </div>
      <div className="tw-event-card__body">
        <div className="tw-event-card__head">
          <Skeleton width={52} height={52} radius={14} />
          <div className="tw-event-card__names" style={{ gap: 8 }}>
            <Skeleton width="40%" height={13} />
            <Skeleton width="65%" height={22} />
          </div>
        </div>
        <Skeleton width="80%" height={14} />
        <Skeleton width="60%" height={14} />
      </div>
    </div>
  );
}
