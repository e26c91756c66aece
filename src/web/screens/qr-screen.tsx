// QR (docs/product.md §2): the personal entry pass. The qr machine loads and rotates the image; this screen draws it (a
// placeholder while the first one loads, an error with Retry when it failed) and the learn-more panel. With the
// device-bound code (the organiser's setting) the qr machine's child draws the image on the device, with the ticket
// picker, the offline note and the "replaced by another device" message (./qr-device-view.tsx, a chunk of its own
// that the qr machine downloads and retries, region `deviceView`); the machines count the seconds down (no timer here).
import '../components/card';
import { Button, LinkButton } from '../components/button';
import { fullName, selectUser } from '../../../machines/session.selectors';
import { Icon } from '../components/icons';
import { PanelSkeleton } from '../components/panel-skeleton';
import { registerStyles } from '../style-sheets';
import { Skeleton } from '../components/skeleton';
import { useChild, useWallet, useWalletConfig } from '../wallet-config';
import { useSelector } from '@xstate/react';
import { selectLanguage } from '../../../machines/panel.screen-selectors';
import { lazy, type ReactElement, Suspense } from 'react';
import { loadedPart } from '../view-parts';
import type { QrActor } from '../../../machines/qr';
import type { QrDeviceActor } from '../../../machines/qr-device';
import {
  type QrFrame,
  selectCanRetryQr,
  selectHasDeviceView,
  selectIsAdmitted,
  selectIsLearnMoreOpen,
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
import { i18n, strings } from '../i18n';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };

i18n.set('en', strings('en', screenStrings(['qr'])));
registerStyles(qrScreenCss);

/**
 * The learn-more panel is a chunk of its own (its `qr_info.*` strings, styles and the full-screen panel): the pass is
 * drawn without it. The background prefetch fetches it after the screens (`later`), so "How does it work?" opens at
 * once, offline too; before that, on demand.
 */
const loadLearnMore = () => import('./qr-learn-more');
const QrLearnMore = lazy(loadLearnMore);
export const later = [loadLearnMore];

type DeviceView = typeof import('./qr-device-view');

export default function QrScreen(): ReactElement {
  const qr = useChild('qr');
  return qr ? <QrFlowScreen qr={qr} /> : <PanelSkeleton />;
}

function QrFlowScreen({ qr }: { qr: QrActor }): ReactElement {
  const config = useWalletConfig();
  const language = useSelector(useWallet(), selectLanguage);
  // The device code's view is a chunk the qr machine downloads (its `deviceView` region, with the retry).
  const view = useSelector(qr, selectHasDeviceView) ? loadedPart('qrDeviceView') : undefined;
  const child = useSelector(qr, selectQrDevice);
  // The code, its countdown and Retry come from the device code's child once it and its view are here; until then the
  // screen shows what it shows while the child's machine loads.
  const device = view && child;
  const pass = device ?? qr;
  const frame = useSelector(pass, selectQrFrame);
  const imageSrc = useSelector(pass, selectQrImageSrc);
  const stale = useSelector(pass, selectIsQrStale);
  const canRetry = useSelector(pass, selectCanRetryQr);
  const countdownMs = useSelector(pass, selectQrCountdownMs);
  const secondsLeft = useSelector(pass, selectQrSecondsLeft);
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
        device={device && { actor: device, replaced, view }}
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
      {i18n.t('qr.seconds_left', { seconds })}
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
  /** The device code's child: the picker, the offline note and "replaced" read it and send it the person's choice. */
  actor: QrDeviceActor;
  /** Another device registered for the ticket. */
  replaced: boolean;
  /** The parts only the device code draws, from their chunk. */
  view: DeviceView;
}

export function QrView(props: QrViewProps): ReactElement {
  const { frame, imageSrc, refreshSeconds, device } = props;
  return (
    <section className="tw-screen tw-card tw-qr-screen" aria-labelledby="tw-qr-title">
      <div className="tw-screen__head tw-qr-screen__head">
        <h1 className="tw-title" id="tw-qr-title">
          {i18n.t('qr.title')}
        </h1>
        <p className="tw-subtitle">{i18n.t('qr.subtitle')}</p>
        <LinkButton className="tw-qr-screen__learn" onClick={props.onLearnMore} aria-haspopup="dialog" icon={<Icon path={iconPath('info')} size={18} />}>
          {i18n.t('qr.learn_more')}
        </LinkButton>
      </div>

      <div className="tw-qr">
        {/* A live region present from the start, so screen readers announce the admission when it arrives. */}
        <div className="tw-qr__welcome-region" role="status">
          {props.admitted ? (
            <div className="tw-qr__welcome">
              <Icon path={iconPath('check')} size={22} />
              <p>
                <strong>{i18n.t('qr.welcome_in')}</strong>
                <span>{i18n.t('qr.welcome_in_text')}</span>
              </p>
            </div>
          ) : null}
        </div>
        {device ? <device.view.QrTicketPicker device={device.actor} /> : null}
        <div className="tw-qr__frame" data-frame={device?.replaced ? 'error' : frame} data-replaced={device?.replaced || undefined}>
          {device?.replaced ? (
            <device.view.QrReplaced device={device.actor} />
          ) : frame === 'image' && imageSrc ? (
            <img src={imageSrc} alt={i18n.t('qr.image_alt')} draggable={false} />
          ) : frame === 'error' ? (
            <div className="tw-qr__failed" role="alert">
              <Icon path={iconPath('alert')} size={28} />
              <p>{device ? <device.view.QrDeviceFailed /> : i18n.t('qr.load_failed')}</p>
              <Button variant="secondary" size="small" icon={<Icon path={iconPath('refresh')} size={16} />} disabled={!props.canRetry} onClick={props.onRetry}>
                {i18n.t('qr.retry')}
              </Button>
            </div>
          ) : (
            <Skeleton width="100%" height="100%" radius={12} label={i18n.t('qr.loading')} />
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
          {device ? <device.view.QrOffline device={device.actor} /> : null}
        </div>

        {props.stale ? (
          <div className="tw-qr__stale" role="alert">
            <Icon path={iconPath('alert')} size={18} />
            <span>{i18n.t('qr.refresh_failed')}</span>
            <Button variant="secondary" size="small" disabled={!props.canRetry} onClick={props.onRetry}>
              {i18n.t('qr.retry')}
            </Button>
          </div>
        ) : null}

        <p className="tw-qr__holder">
          <span className="tw-qr__holder-label">{i18n.t('qr.holder')}</span>
          {props.holder !== null ? <strong>{props.holder}</strong> : <Skeleton width={120} height={18} />}
        </p>

        <p className="tw-qr__note">
          <Icon path={iconPath('sun')} size={16} />
          <span>{i18n.t('qr.brightness_hint')}</span>
        </p>

        <p className="tw-qr__note">
          <Icon path={iconPath('refresh')} size={16} />
          <span>
            {device ? <device.view.QrDeviceNote /> : refreshSeconds !== null ? i18n.t('qr.updates_every', { count: refreshSeconds }) : i18n.t('qr.updates_automatically')}
          </span>
        </p>
      </div>
    </section>
  );
}
