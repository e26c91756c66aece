// QR (docs/product.md §2): the personal entry pass. The qr machine loads and rotates the image; this screen draws it (a
// placeholder while the first one loads, an error with Retry when it failed) and the learn-more panel.
import { useSelector } from '../use-selector';
import { type ReactElement, useEffect, useState } from 'react';
import { selectLanguage } from '../../../machines/panel.selectors';
import { fullName, selectUser } from '../../../machines/session.selectors';
import type { QrActor } from '../../../machines/qr';
import {
  type QrFrame,
  selectCanRetryQr,
  selectIsAdmitted,
  selectIsLearnMoreOpen,
  selectIsQrStale,
  selectQrCountdownMs,
  selectQrFrame,
  selectQrImageSrc,
  selectQrRefreshSeconds,
} from '../../../machines/qr.selectors';
import { Button, LinkButton } from '../components/button';
import '../components/card';
import { Icon } from '../components/icons';
import { Skeleton } from '../components/skeleton';
import { addStrings, t } from '../i18n';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import { helpCentreUrl } from '../script-config';
import { PanelSkeleton } from '../components/panel-skeleton';
import { registerStyles } from '../style-sheets';
import { useChild, useWallet, useWalletConfig } from '../wallet-config';
import { QrLearnMore } from './qr-learn-more';
import qrScreenCss from 'bundle-text:./qr-screen.css';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };

addStrings(screenStrings('QR'));
registerStyles(qrScreenCss);

export default function QrScreen(): ReactElement {
  const qr = useChild('qr');
  return qr ? <QrFlowScreen qr={qr} /> : <PanelSkeleton />;
}

function QrFlowScreen({ qr }: { qr: QrActor }): ReactElement {
  const config = useWalletConfig();
  const language = useSelector(useWallet(), selectLanguage);
  const frame = useSelector(qr, selectQrFrame);
  const imageSrc = useSelector(qr, selectQrImageSrc);
  const stale = useSelector(qr, selectIsQrStale);
  const canRetry = useSelector(qr, selectCanRetryQr);
  const countdownMs = useSelector(qr, selectQrCountdownMs);
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
        refreshSeconds={refreshSeconds}
        holder={user ? fullName(user) : null}
        admitted={admitted}
        onRetry={() => qr.send({ type: 'qr.retry' })}
        onLearnMore={() => qr.send({ type: 'qr.openLearnMore' })}
      />
      {learnMoreOpen ? (
        <QrLearnMore
          helpUrl={helpCentreUrl(config, language, window.location.origin)}
          graceSeconds={refreshSeconds}
          onClose={() => qr.send({ type: 'qr.closeLearnMore' })}
        />
      ) : null}
    </>
  );
}

/**
 * The seconds until the next image, in words beside the bar (which is hidden from assistive technology). A timer
 * role, whose live region is off: a screen reader reads it when the person gets there, and is not told every second.
 * Like the bar it starts with each image (keyed by it) and starts over if the next image is late. The second hand is
 * the view's own: the machine only knows when the image came and how long it lasts.
 */
export function QrSecondsLeft({ durationMs }: { durationMs: number }): ReactElement {
  const [elapsedMs, setElapsedMs] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const id = window.setInterval(() => setElapsedMs(Date.now() - started), 1000);
    return () => window.clearInterval(id);
  }, []);
  const seconds = Math.max(1, Math.ceil((durationMs - (elapsedMs % durationMs)) / 1000));
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
  refreshSeconds: number | null;
  /** The holder's name, as the door staff may ask for it; null while the profile loads. */
  holder: string | null;
  /** The gate scanned the pass while it was open: "Welcome in". */
  admitted?: boolean;
  onRetry: () => void;
  onLearnMore: () => void;
}

export function QrView(props: QrViewProps): ReactElement {
  const { frame, imageSrc, refreshSeconds } = props;
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
        <div className="tw-qr__frame" data-frame={frame}>
          {frame === 'image' && imageSrc ? (
            <img src={imageSrc} alt={t('qr.image_alt')} draggable={false} />
          ) : frame === 'error' ? (
            <div className="tw-qr__failed" role="alert">
              <Icon path={iconPath('alert')} size={28} />
              <p>{t('qr.load_failed')}</p>
              <Button variant="secondary" size="small" icon={<Icon path={iconPath('refresh')} size={16} />} disabled={!props.canRetry} onClick={props.onRetry}>
                {t('qr.retry')}
              </Button>
            </div>
          ) : (
            <Skeleton width="100%" height="100%" radius={12} label={t('qr.loading')} />
          )}
        </div>

        <div className="tw-qr__timer" aria-hidden="true" data-idle={frame !== 'image' || undefined}>
          {props.countdownMs !== null ? (
            // Keyed by the image: each new image restarts the bar.
            <span key={imageSrc} className="tw-qr__timer-bar" style={{ animationDuration: `${props.countdownMs}ms` }} />
          ) : null}
        </div>
        {props.countdownMs !== null ? <QrSecondsLeft key={imageSrc} durationMs={props.countdownMs} /> : null}

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
          <span>{refreshSeconds !== null ? t('qr.updates_every', { seconds: refreshSeconds }) : t('qr.updates_automatically')}</span>
        </p>
      </div>
    </section>
  );
}
