// What the wallet's flows are given to reach the world: the typed API client (with the query cache and the 401
// protocol) and the browser's effects. The root machine receives them as input and hands them to each child it
// invokes; a flow's default actors call them, and tests replace those actors or the services.
import type { ApiClient } from '../src/client/client';
import type { WalletPlatform } from '../src/client/platform';
import type { PanelName } from './tabs';

export interface WalletServices {
  api: ApiClient;
  platform: WalletPlatform;
  /** The panels' screens (src/web/panels.ts); absent, a panel needs only its flow's machine. */
  screens?: PanelScreens;
}

/**
 * The panels' screens, as the view layer hands them to createWallet (src/web/panels.ts): the machines name a panel,
 * never its screen, so nothing under machines/ imports a view. Without screens (a machine test), a panel needs only
 * its flow.
 */
export interface PanelScreens {
  /** Downloads a panel's screen once (a failed download may be tried again). */
  load(name: PanelName): Promise<void>;
  isLoaded(name: PanelName): boolean;
  /** The parts a loaded screen loads on demand (its module's `later`): the background prefetch fetches them last. */
  later(name: PanelName): ReadonlyArray<() => Promise<unknown>>;
  /** Downloads a part of the views once (a failed download may be tried again): a machine's state decides when. */
  loadPart(part: ViewPart): Promise<void>;
  isPartLoaded(part: ViewPart): boolean;
}

/**
 * The parts of the views that are chunks of their own and load when a machine's state says so (src/web/view-parts.ts):
 * the QR pass's device-code view (machines/qr.ts), the toasts and the footer's controls (machines/frame.ts).
 */
export type ViewPart = 'qrDeviceView' | 'toasts' | 'footerControls';

/** No screens: every panel's screen and every part counts as here. */
export const noScreens: PanelScreens = {
  load: () => Promise.resolve(),
  isLoaded: () => true,
  later: () => [],
  loadPart: () => Promise.resolve(),
  isPartLoaded: () => true,
};


/** Every flow's input carries the services. */
export interface FlowInput {
  services: WalletServices;
}

/** The toast a flow asks the wallet for: a locale key and its kind. */
export interface Toast {
  kind: 'success' | 'error';
  key: string;
  /** A refusal's Retry-After: the toast says when to try again. */
  retryAfterSeconds?: number;
}

export type NotifyEvent = { type: 'notify' } & Toast;

export interface LogParams {
  message: string;
  error: unknown;
}

/** What the flows' `logError` action does: the platform's logger, else the console. */
export function reportError(services: WalletServices | undefined, { message, error }: LogParams): void {
  (services?.platform?.log ?? console.error)(message, error);
}
