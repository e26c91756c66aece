// The event/resale card of docs/product.md §2, shared by gift, swap and resell: image, title, price with its currency symbol
// (exactly two decimals), date and venue; a selected card carries a dot; an editable one an edit action. The default
// variant has a caption ("You are gifting", "You are reselling") above the title; the solid variant is a filled card
// with price, date and venue in one line separated by bullets. Skeletons for both, with or without two actions.
import './card';
import { Icon } from './icons';
import { registerStyles } from '../style-sheets';
import { Skeleton } from './skeleton';
import type { ReactElement } from 'react';
import { formatEventMoment, formatMoney } from '../format';
import { iconPath } from './icon-paths' with { type: 'macro' };
import { TicketLogo } from './ticket-logo';
import eventCardCss from 'bundle-text:./event-card.css';
import { i18n } from '../i18n';

registerStyles(eventCardCss);

export type EventCardVariant = 'default' | 'solid';

export interface EventCardAction {
  /** The icon's path data, `iconPath('…')` imported as a macro by the caller. */
  icon: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

export interface EventCardProps {
  title: string;
  image?: string | null;
  /** A decimal amount, shown with `currencySymbol` and two decimals. */
  price?: number | null;
  currencySymbol?: string;
  /** ISO date of the event, shown in `timeZone` (the venue's). */
  date?: string | null;
  timeZone?: string;
  venue?: string | null;
  selected?: boolean;
  isEditable?: boolean;
  onEdit?: () => void;
  /** The edit action's accessible name. */
  editLabel?: string;
  variant?: EventCardVariant;
  /** The default variant's line above the title. */
  caption?: string;
  /** A line under the facts: when a listing was listed or sold. */
  note?: string;
  actions?: readonly EventCardAction[];
  /** Id of the title, for a region it labels. */
  titleId?: string;
}

/** The facts of the card in reading order: price, date, venue (those given). */
export function eventCardFacts({ price, currencySymbol = '', date, timeZone, venue }: EventCardProps): string[] {
  const facts: string[] = [];
  if (price !== undefined && price !== null) facts.push(formatMoney(price, currencySymbol));
  if (date) facts.push(formatEventMoment(date, { locale: i18n.locale(), tz: timeZone }));
  if (venue) facts.push(venue);
  return facts;
}

export function EventCard(props: EventCardProps): ReactElement {
  const { title, image = null, selected = false, isEditable = false, variant = 'default', caption, note, actions = [], titleId } = props;
  const facts = eventCardFacts(props);
  return (
    <div className={`tw-card tw-card--compact tw-event-tile tw-event-tile--${variant}`} data-selected={selected || undefined}>
      <div className="tw-event-tile__main">
        <TicketLogo src={image} size={variant === 'solid' ? 44 : 56} />
        <div className="tw-event-tile__text">
          {variant === 'default' && caption ? <span className="tw-event-tile__caption">{caption}</span> : null}
          <span className="tw-event-tile__title" id={titleId}>
            {title}
          </span>
          {facts.length > 0 ? (
            <span className="tw-event-tile__facts">
              {facts.map((fact, index) => (
                <span key={fact} className="tw-event-tile__fact">
                  {index > 0 ? <span aria-hidden="true"> • </span> : null}
                  {fact}
                </span>
              ))}
            </span>
          ) : null}
          {note ? <span className="tw-event-tile__note">{note}</span> : null}
        </div>
        {selected ? <span className="tw-event-tile__dot" aria-hidden="true" /> : null}
        {isEditable && props.onEdit ? (
          <button type="button" className="tw-icon-button" aria-label={props.editLabel ?? title} onClick={props.onEdit}>
            <Icon path={iconPath('edit')} size={18} />
          </button>
        ) : null}
      </div>
      {actions.length > 0 ? (
        <div className="tw-event-tile__actions">
          {actions.map((action) => (
            <button key={action.label} type="button" className="tw-event-tile__action" onClick={action.onClick} disabled={action.disabled}>
              <Icon path={action.icon} size={16} />
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The card's shape while it loads; `withActions` adds the two action placeholders. */
export function EventCardSkeleton({ variant = 'default', withActions = false }: { variant?: EventCardVariant; withActions?: boolean }): ReactElement {
  return (
    <div className={`tw-card tw-card--compact tw-event-tile tw-event-tile--${variant}`} aria-hidden="true">
      <div className="tw-event-tile__main">
        <Skeleton width={variant === 'solid' ? 44 : 56} height={variant === 'solid' ? 44 : 56} radius={14} />
        <div className="tw-event-tile__text">
          {variant === 'default' ? <Skeleton width="30%" height={11} /> : null}
          <Skeleton width="60%" height={16} />
          <Skeleton width="80%" height={13} />
        </div>
      </div>
      {withActions ? (
        <div className="tw-event-tile__actions">
          <Skeleton width={96} height={32} radius={999} />
          <Skeleton width={96} height={32} radius={999} />
        </div>
      ) : null}
    </div>
  );
}
