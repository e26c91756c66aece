// TICKET: one ticket — event card, event access, the clamped description, benefits, Gift ticket and the menu with
// Swap ticket / Resell ticket. The ticket machine decides what is possible; the benefit modal opens over it.
import '../components/card';
import { BackLink, Button } from '../components/button';
import { Icon } from '../components/icons';
import { PanelSkeleton } from '../components/panel-skeleton';
import { registerStyles } from '../style-sheets';
import { useChild, useWallet } from '../wallet-config';
import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import type { TicketDetail, WalletLinks } from '../../contract/entities';
import {
  selectBenefitRows,
  selectCanGift,
  selectCanDownloadPdf,
  selectCanResell,
  selectCanSwap,
  selectHeldSwap,
  selectIsDownloadingPdf,
  selectIsTicketOutdated,
  selectIsDescriptionExpanded,
  selectIsMenuOpen,
  selectTicket,
  selectTicketStatus,
  selectWalletLinks,
  selectWalletStatus,
  type BenefitRow,
  type HeldSwapView,
  type TicketStatus,
  type WalletStatus,
} from '../../../machines/ticket.selectors';
import { BenefitList } from '../components/benefit-list';
import { BenefitModal } from '../components/benefit-modal';
import { HeldSwapNotice } from '../components/held-swap-notice';
import { LoadFailed } from '../components/load-failed';
import { localTimeOfDay } from '../format';
import { ClampedDescription } from '../components/clamped-description';
import { EventAccessCard, TicketEventCard, TicketEventCardSkeleton } from '../components/ticket-event-card';
import { TicketMenu } from '../components/ticket-menu';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import type { TicketActor } from '../../../machines/ticket';
import { encodeUserTicketId } from '../../../machines/ticket-id';
import ticketScreenCss from 'bundle-text:./ticket-screen.css';
import { i18n, strings } from '../i18n';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };

i18n.set('en', strings('en', screenStrings('TICKET')));
registerStyles(ticketScreenCss);

export default function TicketScreen(): ReactElement {
  const ticket = useChild('ticket');
  return ticket ? <TicketFlowScreen actor={ticket} /> : <PanelSkeleton />;
}

function TicketFlowScreen({ actor }: { actor: TicketActor }): ReactElement {
  const status = useSelector(actor, selectTicketStatus);
  const ticket = useSelector(actor, selectTicket);
  const benefits = useSelector(actor, selectBenefitRows);
  const canGift = useSelector(actor, selectCanGift);
  const canSwap = useSelector(actor, selectCanSwap);
  const canResell = useSelector(actor, selectCanResell);
  const canDownloadPdf = useSelector(actor, selectCanDownloadPdf);
  const downloadingPdf = useSelector(actor, selectIsDownloadingPdf);
  const outdated = useSelector(actor, selectIsTicketOutdated);
  const menuOpen = useSelector(actor, selectIsMenuOpen);
  const expanded = useSelector(actor, selectIsDescriptionExpanded);
  const walletStatus = useSelector(actor, selectWalletStatus);
  const walletLinks = useSelector(actor, selectWalletLinks);
  const heldSwap = useSelector(actor, selectHeldSwap);
  const wallet = useWallet();
  return (
    <>
      <TicketView
        status={status}
        ticket={ticket}
        benefits={benefits}
        canGift={canGift}
        canSwap={canSwap}
        canResell={canResell}
        canDownloadPdf={canDownloadPdf}
        downloadingPdf={downloadingPdf}
        outdated={outdated}
        menuOpen={menuOpen}
        descriptionExpanded={expanded}
        walletStatus={walletStatus}
        walletLinks={walletLinks}
        heldSwap={heldSwap}
        send={(event) => actor.send(event)}
        onShowQr={() => wallet.send({ type: 'panel.open', tab: 'QR' })}
        onHistory={(userTicketId) => wallet.send({ type: 'panel.open', tab: 'HISTORY', userTicketId: encodeUserTicketId(userTicketId) })}
      />
      <BenefitModal ticket={actor} />
    </>
  );
}

type TicketViewEvent =
  | { type: 'ticket.back' | 'ticket.retry' | 'ticket.gift' | 'ticket.swap' | 'ticket.resell' | 'ticket.downloadPdf' }
  | { type: 'ticket.toggleMenu' | 'ticket.closeMenu' | 'ticket.toggleDescription' | 'ticket.walletRetry' }
  | { type: 'ticket.continueSwap' | 'ticket.cancelSwap' }
  | { type: 'ticket.openBenefit'; userTicketBenefitId: number };

export interface TicketViewProps {
  status: TicketStatus;
  ticket: TicketDetail | null;
  benefits: BenefitRow[];
  canGift: boolean;
  canSwap: boolean;
  canResell: boolean;
  /** Download as PDF is offered; `downloadingPdf`: its request runs. */
  canDownloadPdf?: boolean;
  downloadingPdf?: boolean;
  /** A reload failed: the ticket as last loaded, with a notice and Retry. */
  outdated?: boolean;
  menuOpen: boolean;
  descriptionExpanded: boolean;
  /** The phone wallet buttons: not offered, loading their links, ready, or failed (with Retry). */
  walletStatus?: WalletStatus;
  walletLinks?: WalletLinks | null;
  /** The person's own swap in progress holding this ticket: "Swap in progress, held until …". */
  heldSwap?: HeldSwapView | null;
  send: (event: TicketViewEvent) => void;
  /** The event-access card's link to the entry QR (a wallet panel, not the ticket flow's). */
  onShowQr?: () => void;
  /** The ticket's transfer history (a wallet panel, HISTORY). */
  onHistory?: (userTicketId: number) => void;
}

export function TicketView(props: TicketViewProps): ReactElement {
  const { status, ticket, send } = props;
  const hasMenu = props.canSwap || props.canResell;
  return (
    <section className="tw-screen" aria-labelledby="tw-ticket-title" aria-busy={status === 'loading' || undefined}>
      <div className="tw-ticket-bar">
        <BackLink onBack={() => send({ type: 'ticket.back' })} label={i18n.t('ticket.back')} />
        {status === 'loaded' && hasMenu ? (
          <TicketMenu
            open={props.menuOpen}
            canSwap={props.canSwap}
            canResell={props.canResell}
            onToggle={() => send({ type: 'ticket.toggleMenu' })}
            onClose={() => send({ type: 'ticket.closeMenu' })}
            onSwap={() => send({ type: 'ticket.swap' })}
            onResell={() => send({ type: 'ticket.resell' })}
          />
        ) : null}
      </div>

      {status === 'loading' ? (
        <>
          <h1 className="tw-sr-only" id="tw-ticket-title">
            {i18n.t('ticket.loading')}
          </h1>
          <TicketEventCardSkeleton />
        </>
      ) : null}

      {status === 'notFound' || status === 'error' ? (
        <div className="tw-card tw-state-card" role={status === 'error' ? 'alert' : undefined}>
          <span className={`tw-icon-tile tw-icon-tile--56${status === 'error' ? ' tw-icon-tile--danger' : ''} tw-state-card__icon`} aria-hidden="true">
            <Icon path={status === 'error' ? iconPath('alert') : iconPath('ticket')} size={26} />
          </span>
          <h1 className="tw-state-card__title" id="tw-ticket-title">
            {status === 'error' ? i18n.t('ticket.error') : i18n.t('ticket.not_found_title')}
          </h1>
          {status === 'notFound' ? <p className="tw-muted">{i18n.t('ticket.not_found_text')}</p> : null}
          {status === 'error' ? (
            <Button variant="secondary" icon={<Icon path={iconPath('refresh')} size={18} />} onClick={() => send({ type: 'ticket.retry' })}>
              {i18n.t('common.retry')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => send({ type: 'ticket.back' })}>
              {i18n.t('ticket.to_my_tickets')}
            </Button>
          )}
        </div>
      ) : null}

      {status === 'loaded' && ticket ? (
        <>
          <TicketEventCard ticket={ticket} titleId="tw-ticket-title" />
          {props.outdated ? (
            <LoadFailed className="tw-load-failed--inline" message={i18n.t('ticket.outdated')} onRetry={() => send({ type: 'ticket.retry' })} />
          ) : null}
          {props.heldSwap ? (
            <HeldSwapNotice
              orderIdentifier={props.heldSwap.held.orderIdentifier}
              title={i18n.t('ticket.held_title', localTimeOfDay(props.heldSwap.held.heldUntil, { locale: i18n.locale() }))}
              text={i18n.t('ticket.held_text', { from: props.heldSwap.held.fromName, to: props.heldSwap.held.toName })}
              continueLabel={i18n.t('ticket.held_continue')}
              cancelLabel={i18n.t('ticket.held_cancel')}
              leaving={props.heldSwap.leaving}
              releasing={props.heldSwap.releasing}
              onContinue={() => send({ type: 'ticket.continueSwap' })}
              onCancel={() => send({ type: 'ticket.cancelSwap' })}
            />
          ) : null}
          {props.canGift ? (
            <Button block icon={<Icon path={iconPath('gift')} size={18} />} onClick={() => send({ type: 'ticket.gift' })}>
              {i18n.t('ticket.gift')}
            </Button>
          ) : null}
          {props.onHistory ? (
            <Button variant="secondary" block icon={<Icon path={iconPath('ticket')} size={18} />} onClick={() => props.onHistory?.(ticket.userTicketId)}>
              {i18n.t('ticket.history')}
            </Button>
          ) : null}
          <EventAccessCard used={ticket.eventAccessStatus} usedOn={ticket.eventAccessUsedOn} timeZone={ticket.eventTimeZone} onShowQr={props.onShowQr} />
          <WalletPassCard status={props.walletStatus ?? 'none'} links={props.walletLinks ?? null} onRetry={() => send({ type: 'ticket.walletRetry' })} />
          {props.canDownloadPdf ? (
            <section className="tw-card tw-section" aria-labelledby="tw-ticket-pdf">
              <h2 className="tw-section__title" id="tw-ticket-pdf">
                {i18n.t('ticket.pdf_title')}
              </h2>
              <p className="tw-muted">{i18n.t('ticket.pdf_note')}</p>
              <Button
                variant="secondary"
                icon={<Icon path={iconPath('download')} size={18} />}
                loading={props.downloadingPdf}
                onClick={() => send({ type: 'ticket.downloadPdf' })}
              >
                {i18n.t('ticket.download_pdf')}
              </Button>
            </section>
          ) : null}
          {ticket.ticketDescription ? (
            <section className="tw-card tw-section" aria-labelledby="tw-ticket-about">
              <h2 className="tw-section__title" id="tw-ticket-about">
                {i18n.t('ticket.about')}
              </h2>
              <ClampedDescription
                html={ticket.ticketDescription}
                expanded={props.descriptionExpanded}
                onToggle={() => send({ type: 'ticket.toggleDescription' })}
              />
            </section>
          ) : null}
          {props.benefits.length > 0 ? (
            <section className="tw-section" aria-labelledby="tw-ticket-benefits">
              <h2 className="tw-section__title" id="tw-ticket-benefits">
                {i18n.t('ticket.benefits')}
              </h2>
              <BenefitList rows={props.benefits} onOpen={(id) => send({ type: 'ticket.openBenefit', userTicketBenefitId: id })} />
            </section>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/**
 * Add to Apple Wallet / Save to Google Wallet, as the brands word them: plain links to the pass (the Apple download,
 * Google's save page in a new tab), so a keyboard, a long press or the browser's own download handling all work.
 */
function WalletPassCard({ status, links, onRetry }: { status: WalletStatus; links: WalletLinks | null; onRetry: () => void }): ReactElement | null {
  if (status === 'none' || (status === 'ready' && !links?.apple && !links?.google)) return null;
  return (
    <section className="tw-card tw-section" aria-labelledby="tw-ticket-wallet" aria-busy={status === 'loading' || undefined}>
      <h2 className="tw-section__title" id="tw-ticket-wallet">
        {i18n.t('ticket.wallet_title')}
      </h2>
      <p className="tw-muted">{i18n.t('ticket.wallet_hint')}</p>
      {status === 'failed' ? (
        <div role="alert" className="tw-wallet-pass__failed">
          <p>{i18n.t('ticket.wallet_failed')}</p>
          <Button variant="secondary" icon={<Icon path={iconPath('refresh')} size={18} />} onClick={onRetry}>
            {i18n.t('common.retry')}
          </Button>
        </div>
      ) : (
        <div className="tw-wallet-pass__buttons">
          {status === 'loading' ? <span className="tw-wallet-pass__placeholder" aria-hidden="true" /> : null}
          {links?.apple ? (
            <a className="tw-wallet-pass__button" href={links.apple}>
              {i18n.t('ticket.add_to_apple_wallet')}
            </a>
          ) : null}
          {links?.google ? (
            <a className="tw-wallet-pass__button" href={links.google} target="_blank" rel="noopener noreferrer">
              {i18n.t('ticket.save_to_google_wallet')}
            </a>
          ) : null}
        </div>
      )}
    </section>
  );
}
