// The view selectors of the QR pass machine, on snapshots resolved from state values and contexts.
import { describe, expect, it } from 'vitest';
import type { StateValue } from 'xstate';
import { pollIntervalOf, qrMachine, type QrContext } from '../../machines/qr';
import {
  qrImageSrc,
  selectCanRetryQr,
  selectHasQrError,
  selectIsLearnMoreOpen,
  selectIsQrCountingDown,
  selectIsQrLoading,
  selectIsQrStale,
  selectQrCountdownMs,
  selectQrFrame,
  selectQrImageSrc,
  selectQrPollInterval,
  selectQrRefreshSeconds,
} from '../../machines/qr.selectors';

const at = (pass: string, context: Partial<QrContext> = {}, learnMore = 'closed') =>
  qrMachine.resolveState({
    value: { pass, learnMore } as StateValue,
    context: { services: undefined as never, ttl: 15_000, image: null, secondsLeft: null, door: null, ...context },
  });

describe('qr selectors', () => {
  it('turns the base64 answer into a data: URL, keeping one that already is', () => {
    expect(qrImageSrc('iVBORw0K')).toBe('data:image/png;base64,iVBORw0K');
    expect(qrImageSrc(' iVBORw0K\n')).toBe('data:image/png;base64,iVBORw0K');
    expect(qrImageSrc('data:image/png;base64,iVBORw0K')).toBe('data:image/png;base64,iVBORw0K');
    expect(selectQrImageSrc(at('loading'))).toBeNull();
    expect(selectQrImageSrc(at('showing', { image: 'abc' }))).toBe('data:image/png;base64,abc');
  });

  it.each([
    ['loadingSettings', { ttl: null }, 'skeleton', { loading: true, error: false, stale: false, retry: false }],
    ['loading', {}, 'skeleton', { loading: true, error: false, stale: false, retry: false }],
    ['showing', { image: 'abc' }, 'image', { loading: false, error: false, stale: false, retry: false }],
    ['refreshing', { image: 'abc' }, 'image', { loading: false, error: false, stale: false, retry: false }],
    ['stale', { image: 'abc' }, 'image', { loading: false, error: true, stale: true, retry: true }],
    ['failed', {}, 'error', { loading: false, error: true, stale: false, retry: true }],
    ['paused', {}, 'skeleton', { loading: false, error: false, stale: false, retry: false }],
  ] as const)('%s: frame %s', (pass, context, frame, flags) => {
    const snapshot = at(pass, context);
    expect(selectQrFrame(snapshot)).toBe(frame);
    expect({
      loading: selectIsQrLoading(snapshot),
      error: selectHasQrError(snapshot),
      stale: selectIsQrStale(snapshot),
      retry: selectCanRetryQr(snapshot),
    }).toEqual(flags);
  });

  it('counts down only while an image waits for the next one', () => {
    expect(selectIsQrCountingDown(at('showing', { image: 'abc' }))).toBe(true);
    expect(selectQrCountdownMs(at('showing', { image: 'abc' }))).toBe(15_000);
    expect(selectQrCountdownMs(at('refreshing', { image: 'abc' }))).toBeNull();
    expect(selectQrCountdownMs(at('stale', { image: 'abc' }))).toBeNull();
  });

  it('gives the poll interval and whole seconds from the ttl, at least one second', () => {
    expect(selectQrPollInterval(at('loadingSettings', { ttl: null }))).toBeNull();
    expect(selectQrRefreshSeconds(at('loadingSettings', { ttl: null }))).toBeNull();
    expect(selectQrRefreshSeconds(at('showing', { ttl: 30_000 }))).toBe(30);
    expect(selectQrRefreshSeconds(at('showing', { ttl: 14_600 }))).toBe(15);
    expect(selectQrPollInterval(at('showing', { ttl: 200 }))).toBe(1_000);
    expect(selectQrRefreshSeconds(at('showing', { ttl: 200 }))).toBe(1);
    expect(pollIntervalOf(null)).toBe(15_000);
  });

  it('tells whether learn-more is open', () => {
    expect(selectIsLearnMoreOpen(at('showing', { image: 'abc' }, 'open'))).toBe(true);
    expect(selectIsLearnMoreOpen(at('showing', { image: 'abc' }))).toBe(false);
  });
});
