// The benefit detail modal (docs/product.md §2): name, short description, used or unused, valid until (DD.MM.YYYY), the full
// description (sanitised HTML); Unlock benefits for digital, unlockable benefits without a code; the redeem code,
// copied on click. The benefit machine does the work; this draws its state.
import { Button } from './button';
import { Icon } from './icons';
import { registerStyles } from '../style-sheets';
import { useSelector } from '@xstate/react';
import { type ReactElement, useEffect, useRef } from 'react';
import type { Benefit } from '../../contract/entities';
import type { BenefitActor } from '../../../machines/benefit';
import {
  selectBenefit,
  selectCanUnlock,
  selectIsBenefitUsed,
  selectIsUnlocking,
  selectRedeemCode,
} from '../../../machines/benefit.selectors';
import type { TicketActor } from '../../../machines/ticket';
import { selectTicket } from '../../../machines/ticket.selectors';
import { formatValidUntil } from '../format';
import { SafeHtml } from '../safe-html';
import { BenefitIcon, UsedBadge } from './benefit-list';
import { Modal } from './modal';
import benefitModalCss from 'bundle-text:./benefit-modal.css';
import { i18n } from '../i18n';
import { iconPath } from './icon-paths' with { type: 'macro' };

registerStyles(benefitModalCss);

/** The benefit modal of the single ticket: shown while the ticket runs its benefit child. */
export function BenefitModal({ ticket }: { ticket: TicketActor }): ReactElement | null {
  const benefit = useSelector(ticket, (snapshot) => snapshot.children.benefit);
  // Benefit dates are the event's: a valid-until day is the day at the venue, not in the viewer's zone.
  const timeZone = useSelector(ticket, (snapshot) => selectTicket(snapshot)?.eventTimeZone);
  return benefit ? <OpenBenefitModal actor={benefit} timeZone={timeZone} /> : null;
}

function OpenBenefitModal({ actor, timeZone }: { actor: BenefitActor; timeZone: string | undefined }): ReactElement {
  const benefit = useSelector(actor, selectBenefit);
  const used = useSelector(actor, selectIsBenefitUsed);
  const canUnlock = useSelector(actor, selectCanUnlock);
  const unlocking = useSelector(actor, selectIsUnlocking);
  const code = useSelector(actor, selectRedeemCode);
  return (
    <BenefitModalView
      benefit={benefit}
      used={used}
      canUnlock={canUnlock || unlocking}
      unlocking={unlocking}
      code={code}
      onClose={() => actor.send({ type: 'benefit.close' })}
      onUnlock={() => actor.send({ type: 'benefit.unlock' })}
      onCopy={() => actor.send({ type: 'benefit.copyCode' })}
      timeZone={timeZone}
    />
  );
}

export interface BenefitModalViewProps {
  /** The event's IANA time zone: benefit dates are shown in it. */
  timeZone?: string | undefined;
  benefit: Benefit;
  used: boolean;
  /** Unlock benefits is shown (digital, unlockable, no code yet). */
  canUnlock: boolean;
  unlocking: boolean;
  code: string | null;
  onClose: () => void;
  onUnlock: () => void;
  onCopy: () => void;
}

export function BenefitModalView({ benefit, used, canUnlock, unlocking, code, onClose, onUnlock, onCopy, timeZone }: BenefitModalViewProps): ReactElement {
  // The Unlock button disappears when the code arrives: focus moves to the code instead of getting lost.
  const codeRef = useRef<HTMLButtonElement>(null);
  const hadCode = useRef(code !== null);
  useEffect(() => {
    if (code && !hadCode.current) codeRef.current?.focus();
    hadCode.current = code !== null;
  }, [code]);
  return (
    <Modal
      open
      title={benefit.name}
      description={benefit.shortDescription ?? undefined}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {i18n.t('benefit.close')}
          </Button>
          {canUnlock ? (
            <Button icon={<Icon path={iconPath('unlock')} size={18} />} loading={unlocking} onClick={onUnlock}>
              {i18n.t('benefit.unlock')}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="tw-benefit-detail">
        <div className="tw-benefit-detail__meta">
          <BenefitIcon benefit={benefit} size={36} />
          <UsedBadge used={used} />
          {benefit.validUntil ? (
            <span className="tw-benefit-detail__valid">
              <Icon path={iconPath('clock')} size={15} />
              {i18n.t('benefit.valid_until', { date: formatValidUntil(benefit.validUntil, timeZone ? { tz: timeZone } : {}) })}
            </span>
          ) : null}
        </div>
        {code ? (
          <div className="tw-code">
            <span className="tw-code__label">{i18n.t('benefit.code_label')}</span>
            <button ref={codeRef} type="button" className="tw-code__value" aria-label={i18n.t('benefit.copy_code', { code })} onClick={onCopy}>
              <span>{code}</span>
              <Icon path={iconPath('copy')} size={18} />
            </button>
            <span className="tw-code__hint">{i18n.t('benefit.copy_hint')}</span>
          </div>
        ) : canUnlock ? (
          <p className="tw-benefit-detail__hint">{i18n.t('benefit.unlock_hint')}</p>
        ) : null}
        {benefit.fullDescription ? <SafeHtml html={benefit.fullDescription} className="tw-benefit-detail__full" /> : null}
      </div>
    </Modal>
  );
}
