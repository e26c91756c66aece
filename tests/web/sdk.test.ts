// The typed embed module (src/embed/sdk.ts) at run time in happy-dom: loadTicketWallet adds the loader's script tag
// once, with the data attributes a site would write, and resolves with the embed API the loader leaves on `window`;
// it reuses a tag already on the page, rejects (and lets a later call try again) when the script fails or runs
// without starting, and `queue` keeps calls on the stub before the loader runs and hands them to the API after.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketWalletApi } from '../../src/embed/loader';

type Sdk = typeof import('../../src/embed/sdk');
const SRC = 'https://wallet.example/v1/embed.js';

/** A fresh copy of the module (its one-load promise is module state). */
async function freshSdk(): Promise<Sdk> {
  vi.resetModules();
  return import('../../src/embed/sdk');
}

/** What the loader leaves on window once it has run: the API, which replays the stub's calls through push. */
function fakeApi(): TicketWalletApi & { pushed: unknown[] } {
  const pushed: unknown[] = [];
  return {
    version: 1,
    pushed,
    open: vi.fn(async () => {}),
    close: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    signIn: vi.fn(async () => {}),
    getState: () => ({ open: false, tab: null, signedIn: false }),
    on: vi.fn(),
    off: vi.fn(),
    push: (...calls) => void pushed.push(...calls),
  };
}

/**
 * The script tags the module adds to <head>: recorded, not connected, so happy-dom fetches nothing; the test plays the
 * browser's part (the loader running, the load and error events).
 */
let appended: HTMLScriptElement[];
const loaderTags = () => appended.filter((script) => script.src === SRC);
beforeEach(() => {
  appended = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) if (node instanceof HTMLScriptElement) appended.push(node);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  delete window.TicketWallet;
  document.head.replaceChildren();
});

describe('loadTicketWallet', () => {
  it('adds one script tag with the data attributes and resolves with the API once the loader has run', async () => {
    const { loadTicketWallet } = await freshSdk();
    const first = loadTicketWallet({ src: SRC, apiBase: 'https://wallet.example', orgName: 'Spring Fest', helpUrl: 'https://help.example/{lang}', nonce: 'n0nce' });
    const second = loadTicketWallet({ src: SRC });
    expect(loaderTags()).toHaveLength(1);
    const [tag] = loaderTags();
    expect(tag!.dataset).toMatchObject({ apiBase: 'https://wallet.example', orgName: 'Spring Fest', helpUrl: 'https://help.example/{lang}' });
    expect(tag!.dataset.orgLogo).toBeUndefined();
    expect(tag!.nonce).toBe('n0nce');
    // Before the loader runs, the page has the queue stub.
    expect(Array.isArray(window.TicketWallet)).toBe(true);
    const api = fakeApi();
    window.TicketWallet = api;
    tag!.dispatchEvent(new Event('load'));
    expect(await first).toBe(api);
    expect(await second).toBe(api);
  });

  it('answers at once when the API is already on the page, adding no tag', async () => {
    const { loadTicketWallet } = await freshSdk();
    const api = fakeApi();
    window.TicketWallet = api;
    expect(await loadTicketWallet({ src: SRC })).toBe(api);
    expect(loaderTags()).toHaveLength(0);
  });

  it('reuses a loader tag the page already has', async () => {
    const { loadTicketWallet } = await freshSdk();
    const existing = document.createElement('script');
    existing.setAttribute('data-org-name', 'Own tag');
    document.body.append(existing);
    existing.setAttribute('src', SRC);
    const loading = loadTicketWallet({ src: SRC, orgName: 'Ignored' });
    expect(appended).toHaveLength(0);
    const api = fakeApi();
    window.TicketWallet = api;
    existing.dispatchEvent(new Event('load'));
    expect(await loading).toBe(api);
    expect(existing.dataset.orgName).toBe('Own tag');
  });

  it('rejects when the script cannot be loaded, and a later call tries again with a new tag', async () => {
    const { loadTicketWallet } = await freshSdk();
    const failed = loadTicketWallet({ src: SRC });
    appended[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(`could not load ${SRC}`);
    const retry = loadTicketWallet({ src: SRC });
    expect(appended).toHaveLength(2);
    const api = fakeApi();
    window.TicketWallet = api;
    appended[1]!.dispatchEvent(new Event('load'));
    expect(await retry).toBe(api);
  });

  it('rejects when the script ran but left no API (a wrong URL serving something else)', async () => {
    const { loadTicketWallet } = await freshSdk();
    const loading = loadTicketWallet({ src: SRC });
    appended[0]!.dispatchEvent(new Event('load'));
    await expect(loading).rejects.toThrow('did not start');
  });
});

describe('queue', () => {
  it('keeps calls on the stub before the loader runs, in order', async () => {
    const { queue } = await freshSdk();
    queue(['on', 'signIn', () => {}], ['open', { tab: 'MY_TICKET' }]);
    queue(['close']);
    expect(Array.isArray(window.TicketWallet)).toBe(true);
    expect((window.TicketWallet as unknown[]).map((call) => (call as unknown[])[0])).toEqual(['on', 'open', 'close']);
  });

  it('hands calls to the API once it is there', async () => {
    const { queue } = await freshSdk();
    const api = fakeApi();
    window.TicketWallet = api;
    queue(['open', { tab: 'QR' }]);
    expect(api.pushed).toEqual([['open', { tab: 'QR' }]]);
  });
});
