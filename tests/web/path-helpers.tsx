// Shared pieces of the model-based paths on the rendered screens (panel-paths, session-paths): the whole wallet
// rendered at a URL with browser back/forward at hand, and API requests that msw holds until a path step answers
// them, so the API answers exactly when the model says so.
import { act, render } from '@testing-library/react';
import type { SetupServer } from 'msw/node';
import type { EndpointName } from '../../src/contract/endpoints';
import { createWallet, type Wallet } from '../../machines/wallet';
import type { KeyValueStorage } from '../../src/client/storage-keys';
import { App } from '../../src/web/app';
import { localeFromPath, setLocale } from '../../src/web/i18n';
import { showNotification } from '../../src/web/components/toaster';
import { fakePlatform } from '../machines/fake-platform';
import { apiOrigin, handle } from './fake-api';

export interface WalletPage {
  wallet: Wallet;
  /** The address bar: pathname + search + hash. */
  url: () => string;
  platform: ReturnType<typeof fakePlatform>['platform'];
  storage: KeyValueStorage;
  /** Browser back/forward: the browser shows `url` and fires popstate. */
  popTo: (url: string) => void;
  unmount: () => void;
}

/**
 * renderWallet (./render-wallet.tsx) with browser back/forward: the whole wallet (real machines, real API client)
 * at `url`, the API answered by msw, every browser effect on the fake platform.
 */
export function renderWalletPage(url: string, storage: Record<string, string> = {}): WalletPage {
  const fake = fakePlatform({ url: `${apiOrigin}${url}`, storage });
  const platform = { ...fake.platform, fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init) };
  setLocale(localeFromPath(new URL(url, apiOrigin).pathname));
  const wallet = createWallet({ baseUrl: `${apiOrigin}/v1`, platform, notify: showNotification });
  act(() => wallet.start());
  const view = render(<App config={{ apiBase: apiOrigin }} wallet={wallet} />);
  return {
    wallet,
    url: fake.url,
    platform: fake.platform,
    storage: fake.storage,
    popTo: (to) => act(() => fake.popTo(to)),
    unmount: () => {
      view.unmount();
      wallet.stop();
    },
  };
}

export interface HeldRequest {
  request: Request;
  /** The access token the request was sent with, or null. */
  bearer: string | null;
}

/** Requests of the named endpoints wait in msw until `answer` settles them. */
export function holdRequests(server: SetupServer, names: EndpointName[]) {
  const waiting = new Map<EndpointName, Array<HeldRequest & { resolve: (response: Response) => void }>>();
  server.use(
    ...names.map((name) =>
      handle(
        name,
        ({ request }) =>
          new Promise<never>((resolve) => {
            const bearer = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null;
            waiting.set(name, [...(waiting.get(name) ?? []), { request, bearer, resolve: resolve as never }]);
          }),
      ),
    ),
  );
  return {
    /** The requests of `name` that have no answer yet. */
    pending(name: EndpointName, which: (held: HeldRequest) => boolean = () => true): HeldRequest[] {
      return (waiting.get(name) ?? []).filter(which);
    },
    /** Answers the waiting requests of `name` (those `which` picks) with a fresh response each; returns how many. */
    async answer(name: EndpointName, response: () => Response, which: (held: HeldRequest) => boolean = () => true) {
      const all = waiting.get(name) ?? [];
      const chosen = all.filter(which);
      waiting.set(name, all.filter((held) => !chosen.includes(held)));
      await act(async () => {
        for (const held of chosen) held.resolve(response());
        await nextTask();
      });
      return chosen.length;
    },
    /** Ends every waiting request (after a test), as a network error. */
    releaseAll() {
      for (const list of waiting.values()) for (const held of list) held.resolve(Response.error());
      waiting.clear();
    },
  };
}

/** Lets fetch answers, promise callbacks and the machines' events run. */
export const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Counts the steps of a path so far with the event type (for effects that add up: history back, page loads). */
export function countSteps(steps: ReadonlyArray<{ event: { type: string } }>, upTo: number, type: string): number {
  return steps.slice(0, upTo + 1).filter((step) => step.event.type === type).length;
}
