// A card of My tickets (docs/product.md §2): ticket name and logo, the event's date range, city and venue, days until or
// since the event or a live badge, and benefits used out of total. The whole card opens the single ticket.
import './card';
import { Icon } from './icons';
import { registerStyles } from '../style-sheets';
import { Skeleton } from './skeleton';
import type { ReactElement } from 'react';
import type { UserTicket } from '../../contract/entities';
import { benefitUsage, ticketTiming, type TicketTiming } from '../../../machines/my-tickets.selectors';
import { formatEventDateRange } from '../format';
import { Badge } from './badge';
import { TicketLogo } from './ticket-logo';
import ticketCardCss from 'bundle-text:./ticket-card.css';
import { i18n } from '../i18n';
import { iconPath } from './icon-paths' with { type: 'macro' };

registerStyles(ticketCardCss);

export function timingLabel(timing: TicketTiming): string {
  if (timing.kind === 'live') return i18n.t('tickets.live');
  if (timing.kind === 'upcoming') {
    if (timing.days === 0) return i18n.t('tickets.today');
    return i18n.t('tickets.in_days', { count: timing.days });
  }
  if (timing.days === 0) return i18n.t('tickets.ended_today');
  return i18n.t('tickets.days_ago', { count: timing.days });
}

/** The live badge or the day count, as a pill. */
export function TimingBadge({ timing }: { timing: TicketTiming }): ReactElement {
  return (
    <Badge tone={timing.kind === 'live' ? 'live' : timing.kind === 'past' ? 'muted' : 'primary'}>
      {timing.kind === 'live' ? <span className="tw-badge__dot" aria-hidden="true" /> : null}
      {timingLabel(timing)}
    </Badge>
  );
}

interface TicketCardProps {
  ticket: UserTicket;
  /** Identical tickets shown as this one card (×2); the card opens the first. */
  count?: number;
  onOpen: (userTicketId: number) => void;
  now?: Date;
}

export function TicketCard({ ticket, count = 1, onOpen, now }: TicketCardProps): ReactElement {
  const timing = ticketTiming(ticket, now);
  const usage = benefitUsage(ticket);
  return (
    <button type="button" className="tw-card tw-card--compact tw-card--interactive tw-card--lift tw-ticket-card" data-live={ticket.isLive || undefined} onClick={() => onOpen(ticket.userTicketId)}>
      <span className="tw-ticket-card__top">
        <TicketLogo src={ticket.ticketLogo} />
        <span className="tw-ticket-card__names">
          <span className="tw-ticket-card__name">
            {ticket.ticketName}
            {count > 1 ? (
              <span className="tw-ticket-card__count">
                <Badge tone="primary">
                  <span aria-hidden="true">×{count}</span>
                  <span className="tw-sr-only">{i18n.t('tickets.count', { count })}</span>
                </Badge>
              </span>
            ) : null}
          </span>
          <span className="tw-ticket-card__event">{ticket.eventName}</span>
        </span>
      </span>
      <span className="tw-ticket-card__facts">
        <span className="tw-fact">
          <Icon path={iconPath('calendar')} size={16} />
          <span>{formatEventDateRange(ticket.eventStartDateTime, ticket.eventEndDateTime, { locale: i18n.locale(), tz: ticket.eventTimeZone })}</span>
        </span>
        <span className="tw-fact">
          <Icon path={iconPath('pin')} size={16} />
          <span>
            {ticket.eventVenue}, {ticket.eventCity}
          </span>
        </span>
      </span>
      <span className="tw-ticket-card__foot">
        {usage ? (
          <span className="tw-fact">
            <Icon path={iconPath('sparkle')} size={16} />
            <span>{i18n.t('tickets.benefits_used', usage)}</span>
          </span>
        ) : (
          <span />
        )}
        <span className="tw-ticket-card__end">
          <TimingBadge timing={timing} />
          <Icon path={iconPath('chevronRight')} size={18} className="tw-ticket-card__chevron" />
        </span>
      </span>
    </button>
  );
}

export function TicketCardSkeleton(): ReactElement {
  return (
    <div className="tw-card tw-card--compact tw-ticket-card tw-ticket-card--skeleton" aria-hidden="true">
      <span className="tw-ticket-card__top">
        <Skeleton width={56} height={56} radius={14} />
        <span className="tw-ticket-card__names" style={{ gap: 8 }}>
          <Skeleton width="60%" height={16} />
          <Skeleton width="40%" height={13} />
        </span>
      </span>
      <span className="tw-ticket-card__facts">
        <Skeleton width="75%" height={14} />
        <Skeleton width="55%" height={14} />
      </span>
    </div>
  );
}
