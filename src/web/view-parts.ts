// The parts of the views that are chunks of their own and download when a machine's state says so, not when a view
// renders: the QR pass's device-code view (machines/qr.ts, region `deviceView`), the toasts and the footer's controls
// (machines/frame.ts). The machines reach them through createWallet's `screens` (src/web/panels.ts `panelScreens`);
// a view draws a part once its machine says it is here, taking it from `loadedPart`.
import { chunkCache } from '../../machines/chunk-cache';
import type { ViewPart } from '../../machines/services';

export const viewParts = {
  qrDeviceView: () => import('./screens/qr-device-view'),
  toasts: () => import('./components/toast-list'),
  footerControls: () => import('./components/footer-controls'),
} as const satisfies { [P in ViewPart]: () => Promise<unknown> };

type Parts = { [P in ViewPart]: Awaited<ReturnType<(typeof viewParts)[P]>> };

const partChunks = chunkCache<ViewPart, unknown>((part) => viewParts[part]());

/** Downloads a part once; a failed download may be tried again. */
export function loadPart(part: ViewPart): Promise<void> {
  return partChunks.load(part).then(() => {});
}

/** A part's module, once its chunk is here. */
export function loadedPart<P extends ViewPart>(part: P): Parts[P] | undefined {
  return partChunks.get(part) as Parts[P] | undefined;
}

/** Every part (web tests load them up front, as they load the screens). */
export function preloadParts(): Promise<unknown> {
  return Promise.all((Object.keys(viewParts) as ViewPart[]).map((part) => loadPart(part)));
}
