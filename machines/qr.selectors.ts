// Derived values of the QR pass machine for the views.
import { pollIntervalOf, type QrSnapshot } from './qr';

/** The gate admitted the holder while the pass was open: the screen says "Welcome in". */
export const selectIsAdmitted = (snapshot: QrSnapshot): boolean => snapshot.matches({ admission: 'admitted' });

/** What the QR frame shows: a skeleton while the first image loads, the image, or the first-load error. */
export type QrFrame = 'skeleton' | 'image' | 'error';

/** A data: URL for the base64 PNG the API answers (an answer that already is a data: URL is kept as it is). */
export function qrImageSrc(image: string): string {
  const trimmed = image.trim();
  return trimmed.startsWith('data:') ? trimmed : `data:image/png;base64,${trimmed}`;
}

/** The current QR image as a data: URL, or null before the first image (and after the panel was left). */
export function selectQrImageSrc(snapshot: QrSnapshot): string | null {
  return snapshot.context.image === null ? null : qrImageSrc(snapshot.context.image);
}

export function selectQrFrame(snapshot: QrSnapshot): QrFrame {
  if (snapshot.context.image !== null) return 'image';
  return snapshot.hasTag('error') ? 'error' : 'skeleton';
}

/** The first image is loading (the placeholder shows). */
export function selectIsQrLoading(snapshot: QrSnapshot): boolean {
  return snapshot.hasTag('loading');
}

/** A load failed: the first one (no image, see selectQrFrame) or a refresh (the last image stays). */
export function selectHasQrError(snapshot: QrSnapshot): boolean {
  return snapshot.hasTag('error');
}

/** A refresh failed while an image is shown: the image stays with a warning and Retry. */
export function selectIsQrStale(snapshot: QrSnapshot): boolean {
  return snapshot.hasTag('error') && snapshot.context.image !== null;
}

export function selectCanRetryQr(snapshot: QrSnapshot): boolean {
  return snapshot.can({ type: 'qr.retry' });
}

/** The image is shown and the next one is scheduled (the view draws its countdown only then). */
export function selectIsQrCountingDown(snapshot: QrSnapshot): boolean {
  return snapshot.matches({ pass: 'showing' });
}

/** How long the countdown to the next image runs, or null when none is scheduled. */
export function selectQrCountdownMs(snapshot: QrSnapshot): number | null {
  return selectIsQrCountingDown(snapshot) ? selectQrPollInterval(snapshot) : null;
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
