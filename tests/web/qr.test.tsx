// The QR screen rendered in happy-dom against msw: the entry pass image, the skeleton while it loads, polling
// every ttl (fake timers), the error states with Retry, the learn-more panel (mouse and keyboard), and Spanish.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { configFromScript, helpCentreUrl } from '../../src/web/script-config';
import { apiError, FAKE_QR_PNG, FAKE_QR_TTL_MS, handle, signInApi } from './fake-api';
import { setUpWalletTests } from './render-wallet';

const { server, render } = setUpWalletTests({ fakeTimeouts: true });

const IMAGE_NAME = 'Your personal entry QR code';
const text = (body: string) => HttpResponse.text(body) as unknown as HttpResponse<never>;

/** Alex, signed in, on the QR panel; `images` answers GET qrCodeData in turn (then keeps the last answer). */
function startOnQr(options: { url?: string; images?: Array<string | 'fail'>; config?: { siteUrl?: string } } = {}) {
  const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Kim' } });
  const requests: string[] = [];
  const answers = [...(options.images ?? [FAKE_QR_PNG])];
  server.use(...api.handlers);
  // Used after (so before) signInApi's own QR handlers.
  server.use(
    handle('qrSettings', () => {
      requests.push('settings');
      return { ttl: FAKE_QR_TTL_MS };
    }),
    handle('qrCodeData', () => {
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      requests.push(`image ${answer}`);
      return answer === 'fail' ? apiError('api.internal_error') : text(answer);
    }),
    // Other panels (the gift's) list the upcoming tickets; the QR panel never asks (the test that counts requests below).
    handle('myTickets', () => []),
  );
  const rendered = render(options.url ?? '/en/?PANEL_TAB=QR', api.signedInStorage('alex@example.com'), options.config);
  /** Replaces what the next image requests answer. */
  const answerNext = (...next: Array<string | 'fail'>) => answers.splice(0, answers.length, ...next);
  return { ...rendered, requests, answerNext };
}

const qrImage = () => screen.findByRole('img', { name: IMAGE_NAME });
const passTime = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the QR screen', () => {
  it('shows a skeleton, then the entry QR as a crisp base64 PNG with the refresh note', async () => {
    startOnQr();
    expect(screen.getByRole('heading', { name: 'My QR code' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading your QR code' })).toBeTruthy();
    const image = await qrImage();
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${FAKE_QR_PNG}`);
    expect(screen.queryByRole('status', { name: 'Loading your QR code' })).toBeNull();
    expect(screen.getByText('Updates automatically every 15 seconds')).toBeTruthy();
    expect(document.querySelector('.tw-qr__timer-bar')).toBeTruthy();
    // The seconds left in words beside the bar: a timer whose live region is off (read on arrival, not every second).
    const left = screen.getByRole('timer');
    expect(left.textContent).toMatch(/^New code in (1[0-5]|[1-9]) s$/);
    expect(left.getAttribute('aria-live')).toBe('off');
    // Whose pass it is, and how to make the door's scanner read it.
    await waitFor(() => expect(document.querySelector('.tw-qr__holder')?.textContent).toBe('HolderAlex Kim'));
    expect(screen.getByText(/turn your screen brightness up/)).toBeTruthy();
  });

  it('a polling-mode open asks the API for the QR settings and the image, nothing more (no tickets, no device check)', async () => {
    const seen: string[] = [];
    const listener = ({ request }: { request: Request }) => void seen.push(new URL(request.url).pathname);
    server.events.on('request:start', listener);
    onTestFinished(() => server.events.removeListener('request:start', listener));
    const { wallet, requests } = startOnQr();
    await qrImage();
    // A second open of the panel: the same two, and again nothing else.
    act(() => wallet.send({ type: 'panel.close' }));
    act(() => wallet.send({ type: 'panel.open', tab: 'QR' }));
    await waitFor(() => expect(requests.filter((request) => request.startsWith('image')).length).toBe(2));
    await passTime(0);
    expect(seen.filter((path) => !['/v1/settings/qr', '/v1/auth/access/qrCodeData', '/v1/auth/me'].includes(path))).toEqual([]);
  });

  it('replaces the image after the ttl, keeping the last one on screen meanwhile', async () => {
    const { requests } = startOnQr({ images: ['FIRST', 'SECOND', 'THIRD'] });
    expect((await qrImage()).getAttribute('src')).toBe('data:image/png;base64,FIRST');
    await passTime(FAKE_QR_TTL_MS - 100);
    expect(requests).toEqual(['settings', 'image FIRST']);
    await passTime(100);
    await waitFor(() => expect(screen.getByRole('img', { name: IMAGE_NAME }).getAttribute('src')).toBe('data:image/png;base64,SECOND'));
    await passTime(FAKE_QR_TTL_MS);
    await waitFor(() => expect(screen.getByRole('img', { name: IMAGE_NAME }).getAttribute('src')).toBe('data:image/png;base64,THIRD'));
    // The ttl is read once.
    expect(requests.filter((request) => request === 'settings')).toHaveLength(1);
  });

  it('a failed first load shows an error with Retry instead of the image', async () => {
    const { answerNext } = startOnQr({ images: ['fail'] });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("We couldn't load your QR code.")).toBeTruthy();
    expect(screen.queryByRole('img', { name: IMAGE_NAME })).toBeNull();
    answerNext('AGAIN');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect((await qrImage()).getAttribute('src')).toBe('data:image/png;base64,AGAIN');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failed refresh keeps the last image with a warning and Retry', async () => {
    const { answerNext } = startOnQr({ images: ['FIRST', 'fail'] });
    await qrImage();
    await passTime(FAKE_QR_TTL_MS);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("We couldn't update your code. It may be out of date.")).toBeTruthy();
    expect(screen.getByRole('img', { name: IMAGE_NAME }).getAttribute('src')).toBe('data:image/png;base64,FIRST');
    answerNext('FRESH');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('img', { name: IMAGE_NAME }).getAttribute('src')).toBe('data:image/png;base64,FRESH'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stops polling when the panel is left', async () => {
    const { requests, wallet } = startOnQr({ images: ['FIRST', 'SECOND'] });
    await qrImage();
    act(() => wallet.send({ type: 'panel.open', tab: 'GIFT' }));
    await passTime(FAKE_QR_TTL_MS * 3);
    expect(requests).toEqual(['settings', 'image FIRST']);
  });
});

describe('learn more', () => {
  it('opens a full-screen panel with three benefits, a note and the help-centre link, and closes again', async () => {
    startOnQr({ config: { siteUrl: 'https://tickets.example/' } });
    await qrImage();
    const learnMore = screen.getByRole('button', { name: 'How does it work?' });
    expect(learnMore.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(learnMore);
    const panel = await screen.findByRole('dialog', { name: 'One code for your whole event' });
    expect(within(panel).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Secure entry',
      'Gift tickets',
      'Ticket add-ons',
    ]);
    // Honest about the gate: the code just replaced still works for one rotation (the ttl), and the note says so.
    expect(within(panel).getByText(/Your code is personal/).textContent).toContain('for up to 15 seconds after it changes, the one just before it');
    const help = within(panel).getByRole('link', { name: /Visit the help centre/ });
    expect(help.getAttribute('href')).toBe('https://tickets.example/en/help');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toContain('noopener');

    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'One code for your whole event' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'How does it work?' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'One code for your whole event' })).toBeNull());
  });

  it('works with the keyboard: Enter opens it, the focus moves in and stays in, Escape closes it and returns the focus', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    startOnQr();
    await qrImage();
    const learnMore = screen.getByRole('button', { name: 'How does it work?' });
    learnMore.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'One code for your whole event' });
    expect(document.activeElement).toBe(panel);
    await user.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Close' }));
    await user.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('link', { name: /Visit the help centre/ }));
    await user.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Got it' }));
    await user.tab();
    expect(document.activeElement, 'Tab wraps inside the panel').toBe(within(panel).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'One code for your whole event' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'How does it work?' }));
  });

  it('speaks Spanish on /es/', async () => {
    startOnQr({ url: '/es/?PANEL_TAB=QR' });
    expect(await screen.findByRole('img', { name: 'Tu código QR personal de acceso' })).toBeTruthy();
    expect(screen.getByText('Se renueva cada 15 segundos')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^Código nuevo en \d+ s$/);
    fireEvent.click(screen.getByRole('button', { name: '¿Cómo funciona?' }));
    const panel = await screen.findByRole('dialog', { name: 'Un código para todo tu evento' });
    expect(within(panel).getByText(/Tu código es personal/).textContent).toContain('hasta 15 segundos después de que cambie');
    expect(within(panel).getByRole('link', { name: /Visita el centro de ayuda/ }).getAttribute('href')).toMatch(/\/es\/help$/);
  });
});

describe('the help-centre address', () => {
  it('comes from data-help-url ({lang} replaced), else the main site, else the host page’s own site', () => {
    const script = document.createElement('script');
    script.src = 'https://wallet.example/embed.js';
    script.dataset.helpUrl = 'https://help.example/{lang}/wallet';
    const config = configFromScript(script, 'https://host.example/es/');
    expect(config.helpUrl).toBe('https://help.example/{lang}/wallet');
    expect(helpCentreUrl(config, 'es', 'https://host.example')).toBe('https://help.example/es/wallet');
    expect(helpCentreUrl({ siteUrl: 'https://tickets.example/' }, 'en', 'https://host.example')).toBe('https://tickets.example/en/help');
    expect(helpCentreUrl({}, 'es', 'https://host.example')).toBe('https://host.example/es/help');
  });
});

describe('the seconds left', () => {
  it('are counted down by the machine once a second, and start over with the next image', async () => {
    startOnQr({ images: ['FIRST', 'SECOND'] });
    await qrImage();
    const left = screen.getByRole('timer');
    expect(left.textContent).toBe('New code in 15 s');
    await passTime(1000);
    expect(screen.getByRole('timer').textContent).toBe('New code in 14 s');
    await passTime(13_000);
    expect(screen.getByRole('timer').textContent).toBe('New code in 1 s');
    await passTime(1000);
    await waitFor(() => expect(screen.getByRole('img', { name: IMAGE_NAME }).getAttribute('src')).toBe('data:image/png;base64,SECOND'));
    expect(screen.getByRole('timer').textContent).toBe('New code in 15 s');
  });
});
