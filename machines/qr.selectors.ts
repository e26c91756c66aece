// Derived values of the QR pass machine for the views. The frame, the image and the countdown come from the pass or,
// with the device-bound code, from its child (machines/qr-device.ts): the screen reads whichever draws the code.
import { pollIntervalOf, type QrSnapshot } from './qr';
import type { QrDeviceActor, QrDeviceSnapshot } from './qr-device';

/** What draws the code: the pass's own polling, or the device code's child. */
export type QrPassSnapshot = QrSnapshot | QrDeviceSnapshot;

/** The gate admitted the holder while the pass was open: the screen says "Welcome in". */
export const selectIsAdmitted = (snapshot: QrSnapshot): boolean => snapshot.matches({ admission: 'admitted' });

/** What the QR frame shows: a skeleton while the first image loads, the image, or the first-load error. */
export type QrFrame = 'skeleton' | 'image' | 'error';

/** A data: URL for the base64 PNG the API answers (an answer that already is a data: URL is kept as it is). */
export function qrImageSrc(image: string): string {
  const trimmed = image.trim();
  return trimmed.startsWith('data:') ? trimmed : `data:image/png;base64,${trimmed}`;
}

/** An image's answer named the device-bound code: its tickets and its machine are loading, or its child draws the code. */
export const selectUsesDeviceCode = (snapshot: QrSnapshot): boolean => !snapshot.matches({ mode: 'polling' });

/** The device code's view is here (its chunk, src/web/view-parts.ts): the screen draws the device code's parts. */
export const selectHasDeviceView = (snapshot: QrSnapshot): boolean => snapshot.matches({ deviceView: 'loaded' });

/** The device code's child, once the organiser's setting is known to be the device-bound code. */
export const selectQrDevice = (snapshot: QrSnapshot): QrDeviceActor | undefined => snapshot.children.qrDevice as QrDeviceActor | undefined;

const isDeviceCode = (snapshot: QrPassSnapshot): snapshot is QrDeviceSnapshot => snapshot.machine.id === 'qrDevice';

/** The current QR image as a data: URL (the server's PNG, or the SVG drawn on the device), or null before the first. */
export function selectQrImageSrc(snapshot: QrPassSnapshot): string | null {
  if (isDeviceCode(snapshot)) {
    const { code } = snapshot.context;
    return code === null ? null : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.svg)}`;
  }
  return snapshot.context.image === null ? null : qrImageSrc(snapshot.context.image);
}

export function selectQrFrame(snapshot: QrPassSnapshot): QrFrame {
  if (selectQrImageSrc(snapshot) !== null) return 'image';
  return snapshot.hasTag('error') ? 'error' : 'skeleton';
}

/** The first image is loading (the placeholder shows). */
export function selectIsQrLoading(snapshot: QrPassSnapshot): boolean {
  return snapshot.hasTag('loading');
}

/** A load failed: the first one (no image, see selectQrFrame) or a refresh (the last image stays). */
export function selectHasQrError(snapshot: QrPassSnapshot): boolean {
  return snapshot.hasTag('error');
}

/** A refresh failed while an image is shown: the image stays with a warning and Retry. */
export function selectIsQrStale(snapshot: QrPassSnapshot): boolean {
  return snapshot.hasTag('error') && selectQrImageSrc(snapshot) !== null;
}

/** Another device registered for the ticket: the screen says so and offers to take the code back. */
export const selectIsQrReplaced = (snapshot: QrDeviceSnapshot | undefined): boolean => Boolean(snapshot?.matches({ visible: 'replaced' }));

/** Whole seconds until the next image or code (counted down by the machine), or null when none is scheduled. */
export const selectQrSecondsLeft = (snapshot: QrPassSnapshot): number | null => snapshot.context.secondsLeft;

export function selectCanRetryQr(snapshot: QrPassSnapshot): boolean {
  return snapshot.can({ type: 'qr.retry' });
}

/** The image is shown and the next one is scheduled (the view draws its countdown only then). */
export function selectIsQrCountingDown(snapshot: QrPassSnapshot): boolean {
  return isDeviceCode(snapshot) ? snapshot.matches({ visible: 'showing' }) : snapshot.matches({ pass: 'showing' });
}

/** How long the countdown to the next image or code runs, or null when none is scheduled. */
export function selectQrCountdownMs(snapshot: QrPassSnapshot): number | null {
  if (!selectIsQrCountingDown(snapshot)) return null;
  return isDeviceCode(snapshot) ? (snapshot.context.code?.msLeft ?? null) : selectQrPollInterval(snapshot);
}

/** Milliseconds between two images (the countdown's duration); null until the settings loaded. */
export function selectQrPollInterval(snapshot: QrSnapshot): number | null {
  const { ttl } = snapshot.context;
  return ttl === null ? null : pollIntervalOf(ttl);
}

/** Seconds between two images, for "updates every … seconds"; null until the settings loaded. */
export function selectQrRefreshSeconds(snapshot: QrSnapshot): number | null {
  const interval = selectQrPollInterval(snapshot);
  return interval === null ? null : Math.round(interval / 1000);
}

export function selectIsLearnMoreOpen(snapshot: QrSnapshot): boolean {
  return snapshot.matches({ learnMore: 'open' });
}
