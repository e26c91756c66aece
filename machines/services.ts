// What the wallet's flows are given to reach the world: the typed API client (with the query cache and the 401
// protocol) and the browser's effects. The root machine receives them as input and hands them to each child it
// invokes; a flow's default actors call them, and tests replace those actors or the services.
import type { ApiClient } from '../src/client/client';
import type { WalletPlatform } from '../src/client/platform';

export interface WalletServices {
  api: ApiClient;
  platform: WalletPlatform;
}

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
