// Model-based tests of the QR pass machine (docs/product.md §2 QR, §7 qrSettings + qrCodeData polled every ttl), then its
// effects one by one: the poll interval taken from the ttl, polling stopped while the page is hidden, the error
// states, and the wallet running it (the QR panel, document visibility, the text/plain image).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromCallback, SimulatedClock, waitFor } from 'xstate';
import { DEVICE_VIEW_RETRY_MS, MIN_QR_POLL_MS, qrMachine } from '../../machines/qr';
import { selectHasDeviceView, selectHasQrError, selectIsLearnMoreOpen, selectQrFrame, selectQrImageSrc, selectQrSecondsLeft } from '../../machines/qr.selectors';
import { createWallet } from '../../machines/create-wallet';
import { storageKeys } from '../../src/client/storage-keys';
import { fakePlatform } from '../../machines/models/fake-platform';
import { httpError } from '../../machines/models/fixtures';
import { controlledActors, expectFullCoverage, flush, runPathOnActor, startAsChild } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { deviceImage, MODEL_DOOR, MODEL_TTL_MS, pollingImage, qrInput, qrPromiseActors, qrSpec, qrVertex } from '../../machines/models/qr.model';

/** The ENTRY listener is tested below on a real cache; on the model's fake services it listens to nothing. */
const quiet = qrMachine.provide({ actions: { logError: () => {} }, actors: { watchEntry: fromCallback(() => {}) } });

describe('qr model', () => {
  const { testMachine, paths } = pathsOf(qrSpec);

  it('takes every transition', () =>
    expectFullCoverage(qrSpec.name, testMachine, paths, qrSpec.excused));

  it('reaches every state of the pass and the learn-more panel', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const pass of ['loadingSettings', 'loading', '{"showing"', 'refreshing', 'stale', 'failed', 'paused']) {
      expect([...reached].some((value) => value.includes(`"pass":${pass.startsWith('{') ? pass : `"${pass}"`}`)), pass).toBe(true);
    }
    expect([...reached].some((value) => value.includes('"pass":"device"')), 'device').toBe(true);
    expect([...reached].some((value) => value.includes('"learnMore":"open"'))).toBe(true);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    // On the actor the delay is the model's ttl; that the real delay follows the loaded ttl is tested below.
    const machine = quiet.provide({ delays: { pollInterval: MODEL_TTL_MS } });
    await runPathOnActor(path, { machine, input: qrInput, promiseActors: qrPromiseActors, asChild: true, vertex: qrVertex });
  });
});

describe('qr effects', () => {
  function start() {
    const control = controlledActors(qrPromiseActors);
    const clock = new SimulatedClock();
    const logError = vi.fn();
    const { flow: actor } = startAsChild(quiet.provide({ actors: control.actors, actions: { logError } }), qrInput, { clock });
    const loads = (id: string) => control.inputs.filter((call) => call.id === id).length;
    const settle = async (id: (typeof qrPromiseActors)[number], outcome: 'done' | 'error', payload: unknown) => {
      control.settle(id, outcome, payload);
      await flush();
    };
    return { actor, control, clock, loads, settle, logError };
  }

  it('loads the ttl, then the image, then polls every ttl with the ttl the settings gave', async () => {
    const { actor, clock, loads, settle } = start();
    expect(selectQrFrame(actor.getSnapshot())).toBe('skeleton');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle('loadSettings', 'done', { ttl: 5_000 });
    expect(loads('loadImage')).toBe(1);
    await settle('loadImage', 'done', pollingImage('FIRST'));
    expect(selectQrImageSrc(actor.getSnapshot())).toBe('data:image/png;base64,FIRST');

    clock.increment(4_999);
    expect(loads('loadImage')).toBe(1);
    clock.increment(1);
    expect(loads('loadImage')).toBe(2);
    // The last image stays while the next one loads.
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    expect(selectQrImageSrc(actor.getSnapshot())).toBe('data:image/png;base64,FIRST');
    await settle('loadImage', 'done', pollingImage('SECOND'));
    expect(selectQrImageSrc(actor.getSnapshot())).toBe('data:image/png;base64,SECOND');
    clock.increment(5_000);
    expect(loads('loadImage')).toBe(3);
  });

  it('counts the seconds to the next image down in the machine, once a second, and starts over with each image', async () => {
    const { actor, clock, settle } = start();
    await settle('loadSettings', 'done', { ttl: 5_000 });
    expect(selectQrSecondsLeft(actor.getSnapshot())).toBeNull();
    await settle('loadImage', 'done', pollingImage('FIRST'));
    expect(selectQrSecondsLeft(actor.getSnapshot())).toBe(5);
    clock.increment(999);
    expect(selectQrSecondsLeft(actor.getSnapshot())).toBe(5);
    clock.increment(1);
    expect(selectQrSecondsLeft(actor.getSnapshot())).toBe(4);
    for (const left of [3, 2, 1]) {
      clock.increment(1_000);
      expect(selectQrSecondsLeft(actor.getSnapshot())).toBe(left);
    }
    clock.increment(1_000);
    // The next image is loading: no countdown until it is shown.
    expect(selectQrSecondsLeft(actor.getSnapshot())).toBeNull();
    await settle('loadImage', 'done', pollingImage('SECOND'));
    expect(selectQrSecondsLeft(actor.getSnapshot())).toBe(5);
  });

  it("fetches the device code's view once an image names the device code, and again 5 s after a failed download", async () => {
    const { actor, clock, loads, settle, logError } = start();
    await settle('loadSettings', 'done', { ttl: 60_000 });
    await settle('loadImage', 'done', pollingImage('FIRST'));
    expect(loads('loadDeviceView')).toBe(0);
    clock.increment(60_000);
    await settle('loadImage', 'done', deviceImage('SECOND'));
    expect(loads('loadDeviceView')).toBe(1);
    expect(selectHasDeviceView(actor.getSnapshot())).toBe(false);
    await settle('loadDeviceView', 'error', new Error('offline'));
    expect(logError).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ message: 'qr: the device code view did not load; trying again' }));
    clock.increment(DEVICE_VIEW_RETRY_MS - 1);
    expect(loads('loadDeviceView')).toBe(1);
    clock.increment(1);
    expect(loads('loadDeviceView')).toBe(2);
    await settle('loadDeviceView', 'done', undefined);
    expect(selectHasDeviceView(actor.getSnapshot())).toBe(true);
  });

  it("stops fetching the device code's view when the pass went back to polling meanwhile", async () => {
    const { actor, clock, loads, settle } = start();
    await settle('loadSettings', 'done', { ttl: 60_000 });
    await settle('loadImage', 'done', deviceImage('FIRST'));
    await settle('loadDeviceView', 'error', new Error('offline'));
    // No upcoming ticket any more: the mode goes back to polling.
    await settle('loadDoorTickets', 'done', null);
    clock.increment(DEVICE_VIEW_RETRY_MS);
    expect(loads('loadDeviceView')).toBe(1);
    expect(actor.getSnapshot().matches({ deviceView: 'idle' })).toBe(true);
  });

  it('never polls faster than once a second', async () => {
    const { clock, loads, settle } = start();
    await settle('loadSettings', 'done', { ttl: 10 });
    await settle('loadImage', 'done', pollingImage('FIRST'));
    clock.increment(MIN_QR_POLL_MS - 1);
    expect(loads('loadImage')).toBe(1);
    clock.increment(1);
    expect(loads('loadImage')).toBe(2);
  });

  it('stops polling while the page is hidden and refreshes at once when it is visible again', async () => {
    const { actor, clock, loads, settle } = start();
    await settle('loadSettings', 'done', { ttl: 5_000 });
    await settle('loadImage', 'done', pollingImage('FIRST'));
    actor.send({ type: 'qr.pageHidden' });
    clock.increment(60_000);
    expect(loads('loadImage')).toBe(1);
    actor.send({ type: 'qr.pageVisible' });
    expect(loads('loadImage')).toBe(2);
    expect(selectQrImageSrc(actor.getSnapshot())).toBe('data:image/png;base64,FIRST');
    await settle('loadImage', 'done', pollingImage('SECOND'));
    expect(selectQrImageSrc(actor.getSnapshot())).toBe('data:image/png;base64,SECOND');
  });

  it('a failed refresh keeps the last image with Retry, and polling goes on', async () => {
    const { actor, clock, loads, settle, logError } = start();
    await settle('loadSettings', 'done', { ttl: 5_000 });
    await settle('loadImage', 'done', pollingImage('FIRST'));
    clock.increment(5_000);
    await settle('loadImage', 'error', httpError('qrCodeData', 503, 'api.internal_error'));
    expect(selectHasQrError(actor.getSnapshot())).toBe(true);
    expect(selectQrFrame(actor.getSnapshot())).toBe('image');
    expect(actor.getSnapshot().can({ type: 'qr.retry' })).toBe(true);
    expect(logError).toHaveBeenCalledOnce();

    actor.send({ type: 'qr.retry' });
    expect(loads('loadImage')).toBe(3);
    await settle('loadImage', 'error', httpError('qrCodeData', 503, 'api.internal_error'));
    clock.increment(5_000);
    expect(loads('loadImage')).toBe(4);
  });

  it('a failed first load shows the error instead of the image; Retry loads the settings again', async () => {
    const { actor, loads, settle } = start();
    await settle('loadSettings', 'error', httpError('qrSettings', 500, 'api.internal_error'));
    expect(selectQrFrame(actor.getSnapshot())).toBe('error');
    actor.send({ type: 'qr.retry' });
    expect(loads('loadSettings')).toBe(2);
    await settle('loadSettings', 'done', { ttl: 5_000 });
    await settle('loadImage', 'error', httpError('qrCodeData', 500, 'api.internal_error'));
    expect(selectQrFrame(actor.getSnapshot())).toBe('error');
    actor.send({ type: 'qr.retry' });
    expect(loads('loadSettings')).toBe(2);
    await settle('loadImage', 'done', pollingImage('FIRST'));
    expect(selectQrFrame(actor.getSnapshot())).toBe('image');
  });

  it("learns the next event's tickets only when an image's answer names the device-bound code, then leaves polling", async () => {
    const { actor, control, loads, settle, clock } = start();
    await settle('loadSettings', 'done', { ttl: 5_000 });
    await settle('loadImage', 'done', pollingImage('FIRST'));
    clock.increment(5_000);
    await settle('loadImage', 'done', pollingImage('SECOND'));
    expect(loads('loadDoorTickets')).toBe(0);
    clock.increment(5_000);
    await settle('loadImage', 'done', deviceImage('THIRD'));
    expect(loads('loadDoorTickets')).toBe(1);
    expect(actor.getSnapshot().matches({ pass: 'showing' })).toBe(true);
    await settle('loadDoorTickets', 'done', MODEL_DOOR);
    expect(actor.getSnapshot().matches({ pass: 'device', mode: 'device' })).toBe(true);
    expect(actor.getSnapshot().context.door).toEqual(MODEL_DOOR);
    // The device code's child draws it now, with the next event's tickets.
    expect(control.inputs.at(-1)).toEqual({ id: 'qrDevice', input: { services: qrInput.services, door: MODEL_DOOR } });
  });

  it('opens and closes learn-more', () => {
    const { actor } = start();
    actor.send({ type: 'qr.openLearnMore' });
    expect(selectIsLearnMoreOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'qr.closeLearnMore' });
    expect(selectIsLearnMoreOpen(actor.getSnapshot())).toBe(false);
  });
});

describe('the QR flow in the wallet', () => {
  const api = 'https://wallet.test/v1';
  /** The wallet signed in with the QR panel open, on a page that is visible; `visibility` shows or hides it. */
  function signedInOnQr() {
    const fake = fakePlatform({
      url: 'https://tickets.test/en/?PANEL_TAB=QR',
      storage: { [storageKeys.accessToken]: 'access-1', [storageKeys.refreshToken]: 'refresh-1' },
    });
    let listener: ((visible: boolean) => void) | undefined;
    const unsubscribe = vi.fn();
    const platform = {
      ...fake.platform,
      onVisibilityChange: (next: (visible: boolean) => void) => {
        listener = next;
        next(true);
        return unsubscribe;
      },
    };
    return { wallet: createWallet({ baseUrl: api, platform }), unsubscribe, visibility: (visible: boolean) => listener?.(visible) };
  }

  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it('runs while the QR panel is open, follows the page visibility, and reads the image answered as text/plain', async () => {
    const requests: string[] = [];
    let image = 0;
    server.use(
      http.get(`${api}/settings/qr`, () => {
        requests.push('settings');
        return HttpResponse.json({ ttl: 15_000 });
      }),
      http.get(`${api}/auth/access/qrCodeData`, ({ request }) => {
        requests.push(`image ${request.headers.get('authorization')}`);
        return HttpResponse.text(`PNG${++image}`);
      }),
      http.get(`${api}/auth/me`, () => HttpResponse.json({ statusCode: 500, code: 'api.internal_error', message: '' }, { status: 500 })),
      // No handler for the upcoming tickets or /door/devices: the polling code asks for neither (an unhandled request fails).
    );
    const { wallet, unsubscribe, visibility } = signedInOnQr();
    wallet.start();
    try {
      const qr = wallet.getSnapshot().children.qr!;
      await waitFor(qr, (snapshot) => snapshot.matches({ pass: 'showing' }));
      expect(selectQrImageSrc(qr.getSnapshot())).toBe('data:image/png;base64,PNG1');
      expect(requests).toEqual(['settings', 'image Bearer access-1']);

      visibility(false);
      expect(qr.getSnapshot().matches({ pass: 'paused' })).toBe(true);
      visibility(true);
      await waitFor(qr, (snapshot) => selectQrImageSrc(snapshot) === 'data:image/png;base64,PNG2');

      wallet.send({ type: 'panel.close' });
      expect(qr.getSnapshot().status).toBe('stopped');
      expect(wallet.getSnapshot().children.qr).toBeUndefined();
      expect(unsubscribe).toHaveBeenCalledOnce();
    } finally {
      wallet.stop();
    }
  });

  it('sends the last ETag back and keeps showing the same image when the server answers 304', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${api}/settings/qr`, () => HttpResponse.json({ ttl: 15_000 })),
      http.get(`${api}/auth/access/qrCodeData`, ({ request }) => {
        const etag = request.headers.get('if-none-match');
        seen.push(etag);
        if (etag === '"qr-1"') return new HttpResponse(null, { status: 304, headers: { etag: '"qr-1"' } });
        return HttpResponse.text('PNG-A', { headers: { etag: '"qr-1"', 'x-qr-seconds-left': '9' } });
      }),
      http.get(`${api}/auth/me`, () => HttpResponse.json({ statusCode: 500, code: 'api.internal_error', message: '' }, { status: 500 })),
    );
    const { wallet, visibility } = signedInOnQr();
    wallet.start();
    try {
      const qr = wallet.getSnapshot().children.qr!;
      await waitFor(qr, (snapshot) => snapshot.matches({ pass: 'showing' }));
      expect(selectQrImageSrc(qr.getSnapshot())).toBe('data:image/png;base64,PNG-A');
      // Showing the page again loads at once: the request names the image it has, the answer is an empty 304.
      visibility(false);
      visibility(true);
      await vi.waitFor(() => expect(seen).toEqual([null, '"qr-1"']));
      await waitFor(qr, (snapshot) => snapshot.matches({ pass: 'showing' }));
      expect(selectQrImageSrc(qr.getSnapshot())).toBe('data:image/png;base64,PNG-A');
      expect(qr.getSnapshot().hasTag('error')).toBe(false);
    } finally {
      wallet.stop();
    }
  });
});
