// QR (docs/product.md §2): the personal entry pass. The qr machine loads and rotates the image; this screen draws it (a
// placeholder while the first one loads, an error with Retry when it failed) and the learn-more panel. With the
// device-bound code (the organiser's setting) the qr machine's child draws the image on the device, with the ticket
// picker, the offline note and the "replaced by another device" message; the machines count the seconds down (no
// timer here).
import {
  addStrings,
  Button,
  fullName,
  Icon,
  LinkButton,
  PanelSkeleton,
  registerStyles,
  selectUser,
  Skeleton,
  t,
  tPlural,
  useChild,
  useSelector,
  useWallet,
  useWalletConfig,
} from '../kit';
import { lazy, type ReactElement, Suspense } from 'react';
import { flowKit } from '../../../machines/kit';
import type { DoorTickets, QrActor } from '../../../machines/qr';
import {
  type QrFrame,
  selectCanRetryQr,
  selectDoorTickets,
  selectIsAdmitted,
  selectIsLearnMoreOpen,
  selectIsQrOffline,
  selectIsQrReplaced,
  selectIsQrStale,
  selectQrCountdownMs,
  selectQrDevice,
  selectQrFrame,
  selectQrImageSrc,
  selectQrRefreshSeconds,
  selectQrSecondsLeft,
} from '../../../machines/qr.selectors';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import { helpCentreUrl } from '../script-config';
import qrScreenCss from 'bundle-text:./qr-screen.css';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };

const { selectLanguage } = flowKit;

addStrings(screenStrings(['qr']));
registerStyles(qrScreenCss);

/**
 * The learn-more panel is a chunk of its own (its `qr_info.*` strings, styles and the full-screen panel): the pass is
 * drawn without it. The background prefetch fetches it after the screens (`later`), so "How does it work?" opens at
 * once, offline too; before that, on demand.
 */
const loadLearnMore = () => import('./qr-learn-more');
const QrLearnMore = lazy(loadLearnMore);
export const later = [loadLearnMore];

export default function QrScreen(): ReactElement {
  const qr = useChild('qr');
  return qr ? <QrFlowScreen qr={qr} /> : <PanelSkeleton />;
}

function QrFlowScreen({ qr }: { qr: QrActor }): ReactElement {
  const config = useWalletConfig();
  const language = useSelector(useWallet(), selectLanguage);
  const device = useSelector(qr, selectQrDevice);
  // The code, its countdown and Retry come from the device code's child once there is one.
  const pass = device ?? qr;
  const frame = useSelector(pass, selectQrFrame);
  const imageSrc = useSelector(pass, selectQrImageSrc);
  const stale = useSelector(pass, selectIsQrStale);
  const canRetry = useSelector(pass, selectCanRetryQr);
  const countdownMs = useSelector(pass, selectQrCountdownMs);
  const secondsLeft = useSelector(pass, selectQrSecondsLeft);
  const door = useSelector(device, selectDoorTickets);
  const offline = useSelector(device, selectIsQrOffline);
  const replaced = useSelector(device, selectIsQrReplaced);
  const refreshSeconds = useSelector(qr, selectQrRefreshSeconds);
  const learnMoreOpen = useSelector(qr, selectIsLearnMoreOpen);
  const admitted = useSelector(qr, selectIsAdmitted);
  const user = useSelector(useChild('session'), selectUser);
  return (
    <>
      <QrView
        frame={frame}
        imageSrc={imageSrc}
        stale={stale}
        canRetry={canRetry}
        countdownMs={countdownMs}
        secondsLeft={secondsLeft}
        refreshSeconds={refreshSeconds}
        device={
          device && door
            ? {
                door,
                offline,
                replaced,
                onChooseTicket: (userTicketId) => device.send({ type: 'qr.chooseTicket', userTicketId }),
                onTakeBack: () => device.send({ type: 'qr.takeBack' }),
              }
            : undefined
        }
        holder={user ? fullName(user) : null}
        admitted={admitted}
        onRetry={() => pass.send({ type: 'qr.retry' })}
        onLearnMore={() => qr.send({ type: 'qr.openLearnMore' })}
      />
      {learnMoreOpen ? (
        <Suspense fallback={null}>
          <QrLearnMore
            helpUrl={helpCentreUrl(config, language, window.location.origin)}
            graceSeconds={refreshSeconds}
            onClose={() => qr.send({ type: 'qr.closeLearnMore' })}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The seconds until the next image, in words beside the bar (which is hidden from assistive technology). A timer
 * role, whose live region is off: a screen reader reads it when the person gets there, and is not told every second.
 * The machine counts the seconds (its `second` delay); the view only writes them.
 */
export function QrSecondsLeft({ seconds }: { seconds: number }): ReactElement {
  return (
    <p className="tw-qr__seconds" role="timer" aria-live="off">
      {t('qr.seconds_left', { seconds })}
    </p>
  );
}

export interface QrViewProps {
  frame: QrFrame;
  imageSrc: string | null;
  /** A refresh failed: the last image stays, with a warning and Retry. */
  stale: boolean;
  canRetry: boolean;
  /** Milliseconds until the next image while one is counting down, else null (no countdown bar). */
  countdownMs: number | null;
  /** Whole seconds until the next image, counted down by the machine; null when none is scheduled. */
  secondsLeft: number | null;
  /** The device-bound code's facts; undefined with the server's polling code. */
  device?: QrDeviceProps;
  refreshSeconds: number | null;
  /** The holder's name, as the door staff may ask for it; null while the profile loads. */
  holder: string | null;
  /** The gate scanned the pass while it was open: "Welcome in". */
  admitted?: boolean;
  onRetry: () => void;
  onLearnMore: () => void;
}

export interface QrDeviceProps {
  door: DoorTickets;
  /** The code is drawn with no network: it still works. */
  offline: boolean;
  /** Another device registered for the ticket. */
  replaced: boolean;
  onChooseTicket: (userTicketId: number) => void;
  onTakeBack: () => void;
}

/** The next event's tickets, one code each: a choice of which one the code is drawn for (only with two or more). */
function QrTicketPicker({ door, onChooseTicket }: Pick<QrDeviceProps, 'door' | 'onChooseTicket'>): ReactElement | null {
  if (door.tickets.length < 2) return null;
  return (
    <label className="tw-qr__ticket">
      <span>{t('qr.device_ticket')}</span>
      <select value={door.selected} onChange={(event) => onChooseTicket(Number(event.currentTarget.value))}>
        {door.tickets.map((ticket) => (
          <option key={ticket.userTicketId} value={ticket.userTicketId}>
            {ticket.ticketName}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Another device holds the ticket's code: say so, and offer to take it back (which revokes the other). */
function QrReplaced({ onTakeBack }: Pick<QrDeviceProps, 'onTakeBack'>): ReactElement {
  return (
    <div className="tw-qr__failed tw-qr__replaced" role="alert">
      <Icon path={iconPath('phone')} size={28} />
      <p>
        <strong>{t('qr.device_replaced_title')}</strong>
        <span>{t('qr.device_replaced_text')}</span>
      </p>
      <Button variant="secondary" size="small" onClick={onTakeBack}>
        {t('qr.device_take_back')}
      </Button>
    </div>
  );
}

export function QrView(props: QrViewProps): ReactElement {
  const { frame, imageSrc, refreshSeconds, device } = props;
  return (
    <section className="tw-screen tw-card tw-qr-screen" aria-labelledby="tw-qr-title">
      <div className="tw-screen__head tw-qr-screen__head">
        <h1 className="tw-title" id="tw-qr-title">
          {t('qr.title')}
        </h1>
        <p className="tw-subtitle">{t('qr.subtitle')}</p>
        <LinkButton className="tw-qr-screen__learn" onClick={props.onLearnMore} aria-haspopup="dialog" icon={<Icon path={iconPath('info')} size={18} />}>
          {t('qr.learn_more')}
        </LinkButton>
      </div>

      <div className="tw-qr">
        {/* A live region present from the start, so screen readers announce the admission when it arrives. */}
        <div className="tw-qr__welcome-region" role="status">
          {props.admitted ? (
            <div className="tw-qr__welcome">
              <Icon path={iconPath('check')} size={22} />
              <p>
                <strong>{t('qr.welcome_in')}</strong>
                <span>{t('qr.welcome_in_text')}</span>
              </p>
            </div>
          ) : null}
        </div>
        {device ? <QrTicketPicker door={device.door} onChooseTicket={device.onChooseTicket} /> : null}
        <div className="tw-qr__frame" data-frame={device?.replaced ? 'error' : frame} data-replaced={device?.replaced || undefined}>
          {device?.replaced ? (
            <QrReplaced onTakeBack={device.onTakeBack} />
          ) : frame === 'image' && imageSrc ? (
            <img src={imageSrc} alt={t('qr.image_alt')} draggable={false} />
          ) : frame === 'error' ? (
            <div className="tw-qr__failed" role="alert">
              <Icon path={iconPath('alert')} size={28} />
              <p>{t(device ? 'qr.device_failed' : 'qr.load_failed')}</p>
              <Button variant="secondary" size="small" icon={<Icon path={iconPath('refresh')} size={16} />} disabled={!props.canRetry} onClick={props.onRetry}>
                {t('qr.retry')}
              </Button>
            </div>
          ) : (
            <Skeleton width="100%" height="100%" radius={12} label={t('qr.loading')} />
          )}
        </div>

        <div className="tw-qr__timer" aria-hidden="true" data-idle={frame !== 'image' || undefined}>
          {props.countdownMs !== null && !device?.replaced ? (
            // Keyed by the image: each new image restarts the bar.
            <span key={imageSrc} className="tw-qr__timer-bar" style={{ animationDuration: `${props.countdownMs}ms` }} />
          ) : null}
        </div>
        {props.secondsLeft !== null ? <QrSecondsLeft seconds={props.secondsLeft} /> : null}
        {/* Present from the start so the change to offline is announced once. */}
        <div className="tw-qr__offline-region" role="status">
          {device?.offline ? (
            <p className="tw-qr__offline">
              <Icon path={iconPath('check')} size={18} />
              <span>{t('qr.device_offline')}</span>
            </p>
          ) : null}
        </div>

        {props.stale ? (
          <div className="tw-qr__stale" role="alert">
            <Icon path={iconPath('alert')} size={18} />
            <span>{t('qr.refresh_failed')}</span>
            <Button variant="secondary" size="small" disabled={!props.canRetry} onClick={props.onRetry}>
              {t('qr.retry')}
            </Button>
          </div>
        ) : null}

        <p className="tw-qr__holder">
          <span className="tw-qr__holder-label">{t('qr.holder')}</span>
          {props.holder !== null ? <strong>{props.holder}</strong> : <Skeleton width={120} height={18} />}
        </p>

        <p className="tw-qr__note">
          <Icon path={iconPath('sun')} size={16} />
          <span>{t('qr.brightness_hint')}</span>
        </p>

        <p className="tw-qr__note">
          <Icon path={iconPath('refresh')} size={16} />
          <span>
            {device ? t('qr.device_note') : refreshSeconds !== null ? tPlural('qr.updates_every', refreshSeconds) : t('qr.updates_automatically')}
          </span>
        </p>
      </div>
    </section>
  );
}
