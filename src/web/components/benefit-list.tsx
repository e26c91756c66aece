// The benefits of a single ticket: icon in the organiser's colours, name, short description, used or unused and
// the amounts; a row opens the benefit detail modal.
import './card';
import { Icon } from './icons';
import { registerStyles } from '../style-sheets';
import type { CSSProperties, ReactElement } from 'react';
import type { Benefit } from '../../contract/entities';
import type { BenefitRow } from '../../../machines/ticket.selectors';
import { Badge } from './badge';
import benefitListCss from 'bundle-text:./benefit-list.css';
import { i18n } from '../i18n';
import { iconPath } from './icon-paths' with { type: 'macro' };

registerStyles(benefitListCss);

/** The API names benefit icons; unknown names get a sparkle. */
const benefitIcons: Record<string, string> = {
  gift: iconPath('gift'),
  drink: iconPath('drink'),
  star: iconPath('star'),
  clock: iconPath('clock'),
  music: iconPath('music'),
  ticket: iconPath('ticket'),
  qr: iconPath('qr'),
};

export function BenefitIcon({ benefit, size = 44 }: { benefit: Benefit; size?: number }): ReactElement {
  const style = {
    width: size,
    height: size,
    '--tw-benefit-fg': benefit.iconColor ?? undefined,
    '--tw-benefit-bg': benefit.iconBgColor ?? undefined,
  } as CSSProperties;
  return (
    <span className="tw-icon-tile tw-benefit-icon" style={style} aria-hidden="true">
      <Icon path={benefitIcons[benefit.icon ?? ''] ?? iconPath('sparkle')} size={Math.round(size * 0.5)} />
    </span>
  );
}

export function UsedBadge({ used }: { used: boolean }): ReactElement {
  return (
    <Badge tone={used ? 'muted' : 'success'}>{used ? i18n.t('benefit.used') : i18n.t('benefit.unused')}</Badge>
  );
}

interface BenefitListProps {
  rows: BenefitRow[];
  onOpen: (userTicketBenefitId: number) => void;
}

export function BenefitList({ rows, onOpen }: BenefitListProps): ReactElement {
  return (
    <ul className="tw-benefits">
      {rows.map(({ benefit, used }) => (
        <li key={benefit.userTicketBenefitId}>
          <button
            type="button"
            className="tw-card tw-card--flat tw-card--interactive tw-benefit"
            data-used={used || undefined}
            aria-haspopup="dialog"
            onClick={() => onOpen(benefit.userTicketBenefitId)}
          >
            <BenefitIcon benefit={benefit} />
            <span className="tw-benefit__text">
              <span className="tw-benefit__name">{benefit.name}</span>
              {benefit.shortDescription ? <span className="tw-benefit__short">{benefit.shortDescription}</span> : null}
              <span className="tw-benefit__meta">
                <UsedBadge used={used} />
                {benefit.purchasedAmount > 1 ? (
                  <span className="tw-benefit__amount">
                    {i18n.t('ticket.benefit_amount', { used: benefit.usedAmount, total: benefit.purchasedAmount })}
                  </span>
                ) : null}
              </span>
            </span>
            <Icon path={iconPath('chevronRight')} size={18} className="tw-benefit__chevron" />
          </button>
        </li>
      ))}
    </ul>
  );
}
