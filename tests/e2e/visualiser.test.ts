// The statechart visualiser (/visualizer) in headless Chromium against the real server and the built page: every
// registered machine is drawn with as many states, transitions and invokes as its definition has; an invoked machine
// opens on click; a model-based test path replays with the chart highlighting each step's states in order; and a
// wallet opened with ?inspect=1 in another tab of the same browser is followed live through LOGIN → OTP → QR.
// axe-core finds nothing on the page.
import type { BrowserContext, Page } from 'playwright-core';
import type { AnyStateMachine } from 'xstate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { machines } from '../../machines/index';
import { leafPaths } from '../../src/visualizer/graph';
import { type PackedPaths, unpackPaths } from '../../src/visualizer/paths-file';
import { accessibilityViolations, openPage, pasteInto, requestCode, useBrowser } from './page-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

type Node = { transitions: Map<string, unknown[]>; always?: unknown[]; invoke: unknown[]; states: Record<string, Node> };

/** What the definition holds, counted here from the machine's StateNode tree, not by the visualiser's code. */
function definitionCounts(machine: AnyStateMachine) {
  const counts = { states: 0, transitions: 0, invokes: 0 };
  const visit = (node: Node) => {
    counts.states += 1;
    for (const branches of node.transitions.values()) counts.transitions += branches.length;
    counts.transitions += node.always?.length ?? 0;
    counts.invokes += node.invoke.length;
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root as unknown as Node);
  return counts;
}

async function drawnCounts(page: Page) {
  return page.locator('.vz-canvas svg').evaluate((svg) => ({
    states: new Set([...svg.querySelectorAll('[data-state]')].map((element) => element.getAttribute('data-state'))).size,
    transitions: new Set([...svg.querySelectorAll('[data-transition]')].map((element) => element.getAttribute('data-transition'))).size,
    invokes: svg.querySelectorAll('[data-invoke]').length,
  }));
}

async function showMachine(page: Page, name: string) {
  await page.locator(`[data-machine-button="${name}"]`).click();
  await page.locator(`.vz-canvas svg[data-machine-name="${name}"]`).waitFor({ timeout: 30_000 });
}

/** Expands every collapsed state of the shown chart and waits for the drawing without any. */
async function expandAll(page: Page) {
  const button = page.getByTestId('expand-all');
  if (await button.isEnabled()) await button.click();
  await expect.poll(() => page.locator('.vz-canvas svg [data-collapsed="true"]').count()).toBe(0);
}

/** The drawn box of a state, on screen. */
const boxOf = (page: Page, stateId: string) => page.locator(`.vz-canvas svg [data-state="${stateId}"] > .sc-box`).boundingBox();
const activeState = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-state') ?? document.activeElement?.getAttribute('data-transition') ?? null);

/** The paths (data-path) the chart highlights with `className`. */
const highlighted = (page: Page, className: string) =>
  page.locator('.vz-canvas svg').evaluate((svg, name) => [...svg.querySelectorAll(`.${name}`)].map((element) => element.getAttribute('data-path') ?? '').sort(), className);

describe('the visualiser', () => {
  let context: BrowserContext, page: Page, errors: string[];
  // bypassCSP only lets the test inject axe-core; the page itself runs under the server's CSP.
  beforeAll(async () => void ({ context, page, errors } = await openPage(browser, { bypassCSP: true, viewport: { width: 1440, height: 1000 } })));
  afterAll(() => context?.close());

  it('draws every registered machine with the states, transitions and invokes of its definition', async () => {
    await page.goto(`${baseUrl}/visualizer`);
    const names = Object.keys(machines);
    expect(await page.locator('[data-machine-button]').count()).toBe(names.length);
    for (const name of names) {
      await showMachine(page, name);
      await expandAll(page);
      const expected = definitionCounts((machines as Record<string, AnyStateMachine>)[name]!);
      expect(await drawnCounts(page), name).toEqual(expected);
      await expect.poll(() => page.getByTestId('counts').textContent()).toBe(`${expected.states} states, ${expected.transitions} transitions`);
    }
    expect(errors).toEqual([]);
  });

  it('shows each machine’s description, opens an invoked machine from the keyboard and zooms from the keyboard', async () => {
    await showMachine(page, 'wallet');
    await page.locator('.vz-description').getByText(/router/).waitFor();
    // The root is larger than the view: a person reaches the gift invoke with Tab (focus brings it into view), not
    // with a pointer on a part of the chart off screen.
    await page.locator('[data-invoke$="#gift"][data-machine="gift"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('.vz-canvas svg[data-machine-name="gift"]').waitFor();
    expect(new URL(page.url()).searchParams.get('machine')).toBe('gift');
    const zoom = await page.locator('.vz-zoom').textContent();
    await page.locator('.vz-viewport').focus();
    await page.keyboard.press('+');
    await expect.poll(() => page.locator('.vz-zoom').textContent()).not.toBe(zoom);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('replays a test path step by step, highlighting each step’s states in order', async () => {
    await showMachine(page, 'gift');
    const report = unpackPaths((await (await fetch(`${baseUrl}/visualizer/paths/gift.json`)).json()) as PackedPaths);
    if ('unavailable' in report) throw new Error(report.unavailable);
    await page.getByTestId('coverage').getByText(`covered by ${report.paths.length} paths`).waitFor();
    const index = report.paths.findIndex((path) => path.steps.length >= 5 && JSON.stringify(path.steps).includes('email'));
    const path = report.paths[index]!;
    await page.getByTestId('path-list').selectOption(String(index));
    const seen: string[][] = [];
    for (let step = 0; step < path.steps.length; step++) {
      if (step > 0) await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.locator(`[data-testid="step"][data-step="${step}"]`).waitFor();
      const expected = leafPaths(path.steps[step]!.value).sort();
      await expect.poll(() => highlighted(page, 'is-step'), { message: `step ${step}: ${path.steps[step]!.event}` }).toEqual(expected);
      seen.push(await highlighted(page, 'is-step'));
    }
    expect(seen).toEqual(path.steps.map((step) => leafPaths(step.value).sort()));
    expect(await page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await expect.poll(() => highlighted(page, 'is-step')).toEqual(leafPaths(path.steps.at(-2)!.value).sort());
    expect(errors).toEqual([]);
  });

  it('draws entry actions, transition actions and each delay in milliseconds', async () => {
    await showMachine(page, 'login');
    const texts = await page.locator('.vz-canvas svg').evaluate((svg) => [...svg.querySelectorAll('text, tspan')].map((element) => element.textContent ?? ''));
    expect(texts).toContain('entry / resetOtpField');
    expect(texts.some((text) => /^after resendCooldown \(\d+ ms\)$/.test(text))).toBe(true);
    expect(texts.some((text) => text.includes('rememberLoginSession'))).toBe(true);
  });

  it('simulates a sign-in on the login machine by clicking enabled events, undo and reset included', async () => {
    await showMachine(page, 'login');
    await page.getByTestId('sim-run').waitFor();
    await page.getByTestId('sim-start').selectOption('0');
    await page.getByTestId('sim-run').click();
    await page.getByTestId('sim-value').getByText(/email:editing/).waitFor();
    const press = async (label: string) => {
      // Two samples may share a label (fetchUser.done with and without names): the first is the one the path takes.
      await page.getByTestId('sim-events').locator(`button[data-event="${label}"]`).first().click();
      await expect.poll(() => page.locator('.vz-canvas svg .sc-edge.is-taken').count(), { message: label }).toBeGreaterThan(0);
    };
    await press('login.change(email,  Ada@Example.com )');
    await press('login.submitEmail');
    await page.getByTestId('sim-value').getByText(/email:sendingCode/).waitFor();
    expect(await page.locator('.vz-canvas svg .sc-edge.is-taken').getAttribute('data-transition')).toBe('login.flow.email.editing:login.submitEmail:0');
    await page.getByTestId('sim-undo').click();
    await page.getByTestId('sim-value').getByText(/email:editing/).waitFor();
    await press('login.submitEmail');
    await press('sendCode.done(output: {…})');
    await page.getByTestId('sim-value').getByText(/otp:editing/).waitFor();
    expect(await page.getByTestId('context-value').textContent()).not.toContain('session-2');
    await press('login.change(otp, 123456)');
    await press('verifyCode.done(output: {…})');
    await press('fetchUser.done(output: {…})');
    await expect.poll(() => page.getByTestId('sim-value').textContent()).not.toMatch(/otp/);
    expect(await page.getByTestId('sim-history').locator('li').count()).toBe(7);
    await page.getByTestId('sim-run').click();
    expect(await page.getByTestId('sim-history').locator('li').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('opens the root at 1280×800 with its deep levels collapsed; a state collapses and expands by click and by keyboard, staying put', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/visualizer?machine=wallet`);
    await page.locator('.vz-canvas svg[data-machine-name="wallet"]').waitFor({ timeout: 30_000 });
    const drawnStates = () => page.locator('.vz-canvas svg [data-state]').count();
    // 82 states in the definition; the tab and overlay regions start collapsed, their flows one click away.
    const initially = await drawnStates();
    expect(initially).toBeLessThanOrEqual(24);
    const tab = page.locator('.vz-canvas svg [data-state="wallet.panel.open.tab"]');
    expect(await tab.getAttribute('data-collapsed')).toBe('true');
    expect(await tab.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.vz-canvas svg [data-invoke="wallet.panel.open.tab#gift"][data-machine="gift"]').count()).toBe(1);
    expect(await page.locator('.vz-canvas svg [data-state="wallet.panel.open.tab.gift"]').count()).toBe(0);
    // The text is drawn at a readable size, and the minimap shows the whole chart with the view's frame.
    expect(Number.parseInt((await page.locator('.vz-zoom').textContent())!, 10)).toBeGreaterThanOrEqual(75);
    await page.getByTestId('minimap').waitFor();

    // Keyboard: Enter on the focused state expands it; the box keeps its place on screen and the focus.
    await tab.focus();
    const before = (await boxOf(page, 'wallet.panel.open.tab'))!;
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.vz-canvas svg [data-state="wallet.panel.open.tab"]').getAttribute('data-collapsed')).toBe('false');
    expect(await page.locator('.vz-canvas svg [data-state="wallet.panel.open.tab.gift"]').count()).toBe(1);
    const after = (await boxOf(page, 'wallet.panel.open.tab'))!;
    expect(Math.abs(after.x - before.x)).toBeLessThan(2);
    expect(Math.abs(after.y - before.y)).toBeLessThan(2);
    expect(await activeState(page)).toBe('wallet.panel.open.tab');
    await expect.poll(() => page.getByTestId('announce').textContent()).toBe('tab expanded');
    // Its flows are drawn, each still collapsed (a deeper level).
    const expanded = await drawnStates();
    expect(expanded).toBeGreaterThan(initially);
    expect(await page.locator('.vz-canvas svg [data-state="wallet.panel.open.tab.gift"]').getAttribute('data-collapsed')).toBe('true');
    // A click on its name row collapses it again.
    await page.locator('.vz-canvas svg [data-toggle="wallet.panel.open.tab"]').dispatchEvent('click');
    await expect.poll(() => page.locator('.vz-canvas svg [data-state="wallet.panel.open.tab"]').getAttribute('aria-expanded')).toBe('false');
    expect(await drawnStates()).toBeLessThan(expanded);
    // Expand all draws every state; Collapse all folds every level below the top.
    await expandAll(page);
    expect(await drawnStates()).toBe(82);
    await page.getByTestId('collapse-all').click();
    await expect.poll(() => page.locator('.vz-canvas svg [data-state="wallet.panel.open"]').getAttribute('data-collapsed')).toBe('true');
    expect(await drawnStates()).toBeLessThan(initially);
    expect(errors).toEqual([]);
  });

  it('searches the root for a hidden state and a hidden event, expands what hides them and jumps there', async () => {
    await page.goto(`${baseUrl}/visualizer?machine=wallet`);
    await page.locator('.vz-canvas svg[data-machine-name="wallet"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('search').fill('gift');
    await page.getByTestId('search-results').locator('button').first().click();
    // wallet.panel.open.tab.gift is inside the collapsed tab region: the region opens and the state takes the focus.
    await expect.poll(() => activeState(page)).toBe('wallet.panel.open.tab.gift');
    const frame = (await page.locator('.vz-viewport').boundingBox())!;
    const gift = (await boxOf(page, 'wallet.panel.open.tab.gift'))!;
    expect(gift.x + gift.width / 2).toBeGreaterThan(frame.x);
    expect(gift.x + gift.width / 2).toBeLessThan(frame.x + frame.width);
    // An event whose source is hidden two levels deep (the login flow's error, from tab.login.running).
    await page.getByTestId('search').fill('error.actor.login');
    await page.getByTestId('search-results').getByRole('button', { name: /^Event:/ }).first().click();
    await expect.poll(() => activeState(page)).toBe('wallet.panel.open.tab.login.running:xstate.error.actor.login:0');
    // n and p move through the drawn states only.
    await page.locator('.vz-canvas svg [data-state="wallet.panel.open.tab.gift"]').focus();
    await page.keyboard.press('n');
    const next = await activeState(page);
    expect(next).not.toBe('wallet.panel.open.tab.gift');
    expect(await page.locator(`.vz-canvas svg [data-state="${next}"]`).count()).toBe(1);
    await page.keyboard.press('p');
    await expect.poll(() => activeState(page)).toBe('wallet.panel.open.tab.gift');
    await page.getByTestId('search').fill('');
    expect(errors).toEqual([]);
  });

  it('focuses a collapsed region: it opens and its box fills the view', async () => {
    await page.goto(`${baseUrl}/visualizer?machine=wallet`);
    await page.locator('.vz-canvas svg[data-machine-name="wallet"]').waitFor({ timeout: 30_000 });
    await page.locator('.vz-canvas svg [data-state="wallet.panel.open.overlay"]').focus();
    await page.getByTestId('collapsed-note').getByText(/states and \d+ transitions are inside it/).waitFor();
    const zoom = await page.locator('.vz-zoom').textContent();
    await page.getByTestId('focus-region').click();
    await expect.poll(() => page.locator('.vz-canvas svg [data-state="wallet.panel.open.overlay"]').getAttribute('data-collapsed')).toBe('false');
    await expect.poll(() => page.locator('.vz-zoom').textContent()).not.toBe(zoom);
    const frame = (await page.locator('.vz-viewport').boundingBox())!;
    const region = (await boxOf(page, 'wallet.panel.open.overlay'))!;
    expect(region.x).toBeGreaterThanOrEqual(frame.x);
    expect(region.y).toBeGreaterThanOrEqual(frame.y);
    expect(region.x + region.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
    expect(region.y + region.height).toBeLessThanOrEqual(frame.y + frame.height + 1);
    // Either side fills the view (the other is what the box's shape leaves).
    expect(Math.max(region.width / frame.width, region.height / frame.height)).toBeGreaterThan(0.9);
  });

  it('moves the view where the minimap is clicked', async () => {
    await page.goto(`${baseUrl}/visualizer?machine=wallet`);
    await page.locator('.vz-canvas svg[data-machine-name="wallet"]').waitFor({ timeout: 30_000 });
    const minimap = page.getByTestId('minimap');
    const map = (await minimap.boundingBox())!;
    const view = page.getByTestId('minimap-view');
    const frameAt = async () => {
      const [x, y, width, height] = await Promise.all(['x', 'y', 'width', 'height'].map(async (name) => Number(await view.getAttribute(name))));
      return { x: x!, y: y!, width: width!, height: height! };
    };
    const before = await frameAt();
    // Its bottom right: the view's frame moves there, centred on the point clicked (in the chart's units).
    await minimap.click({ position: { x: map.width * 0.8, y: map.height * 0.7 } });
    await expect.poll(async () => (await frameAt()).x).not.toBe(before.x);
    const after = await frameAt();
    const chartSize = await page.locator('.vz-canvas svg').evaluate((svg) => ({ width: Number(svg.getAttribute('width')), height: Number(svg.getAttribute('height')) }));
    const scale = (map.width - 2) / chartSize.width;
    expect(Math.abs(after.x + after.width / 2 - (map.width * 0.8 - 1) / scale)).toBeLessThan(12 / scale);
    expect(Math.abs(after.y + after.height / 2 - (map.height * 0.7 - 1) / scale)).toBeLessThan(12 / scale);
  });

  it('at phone width, the minimap takes at most a third of the chart and the page keeps room to scroll beside it', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await page.goto(`${baseUrl}/visualizer?machine=wallet`);
      await page.locator('.vz-canvas svg[data-machine-name="wallet"]').waitFor({ timeout: 30_000 });
      const chart = (await page.locator('.vz-viewport').boundingBox())!;
      await expect.poll(async () => (await page.getByTestId('minimap').boundingBox())!.width).toBeLessThanOrEqual(chart.width / 3 + 4);
      const map = (await page.getByTestId('minimap').boundingBox())!;
      expect(map.x + map.width).toBeLessThanOrEqual(chart.x + chart.width);
      // The chart pans under a finger: it leaves at least a third of the screen to scroll the page with.
      expect(chart.height).toBeLessThanOrEqual(812 * 0.67);
      // Nothing is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    } finally {
      await page.setViewportSize({ width: 1440, height: 1000 });
    }
  });

  it('has no axe violations with collapsed states and the minimap, light and dark', async () => {
    await page.goto(`${baseUrl}/visualizer?machine=wallet`);
    await page.locator('.vz-canvas svg[data-machine-name="wallet"]').waitFor({ timeout: 30_000 });
    await page.getByLabel('Theme').selectOption('light');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Theme').selectOption('dark');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Theme').selectOption('light');
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  it('speaks Spanish and turns dark', async () => {
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('heading', { name: 'Visualizador de diagramas de estados' }).waitFor();
    await page.getByLabel('Tema').selectOption('dark');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 18, 25)');
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

describe('live inspection', () => {
  let context: BrowserContext, visualiser: Page, wallet: Page, errors: string[];
  // One context: BroadcastChannel reaches the tabs of the same origin in the same browser profile.
  beforeAll(async () => {
    ({ context, page: visualiser, errors } = await openPage(browser, { viewport: { width: 1440, height: 1000 } }));
    wallet = await context.newPage();
    wallet.on('pageerror', (error) => errors.push(error.message));
  });
  afterAll(() => context?.close());

  const live = (className: string) => highlighted(visualiser, className);

  it('follows a sign-in in another tab through LOGIN → OTP → QR', async () => {
    await visualiser.goto(`${baseUrl}/visualizer?machine=login`);
    await visualiser.locator('.vz-canvas svg[data-machine-name="login"]').waitFor({ timeout: 30_000 });

    await wallet.goto(`${baseUrl}/en/?PANEL_TAB=LOGIN&inspect=1`);
    await wallet.getByLabel('E-mail').waitFor();
    await expect.poll(() => live('is-live-within')).toContain('flow.email');
    await visualiser.getByTestId('live-actors').getByText('login').first().waitFor();

    const code = await requestCode(wallet, baseUrl, 'alex@example.com');
    await expect.poll(() => live('is-live-within')).toContain('flow.otp');
    expect(await live('is-live-within')).not.toContain('flow.email');

    await showMachine(visualiser, 'wallet');
    // Collapsed, the tab region stands for the login flow inside it: it is the live box.
    await expect.poll(() => live('is-live')).toContain('panel.open.tab');
    await expandAll(visualiser);
    await expect.poll(() => live('is-live-within')).toContain('panel.open.tab.login');
    await pasteInto(wallet.getByLabel('One-time code'), code);
    await wallet.waitForURL(/PANEL_TAB=QR/);
    await expect.poll(() => live('is-live-within')).toContain('panel.open.tab.qr');
    expect(await live('is-live-within')).not.toContain('panel.open.tab.login');
    expect(await live('is-live')).toContain('session.signedIn');
    // The event log lists the sign-in's events, with where each went.
    await expect.poll(() => visualiser.getByTestId('event-log').textContent()).toMatch(/login\.submitEmail|login\.change/);
    expect(await visualiser.getByTestId('event-log').textContent()).not.toContain('alex@example.com');
    expect(errors).toEqual([]);
  });

  it('keeps two inspected wallet tabs as two sessions and marks a closed one ended', async () => {
    const other = await context.newPage();
    await other.goto(`${baseUrl}/en/?PANEL_TAB=LOGIN&inspect=1`);
    await expect.poll(() => visualiser.locator('[data-testid="live-sessions"] li[data-ended="false"]').count()).toBeGreaterThanOrEqual(2);
    const ids = await visualiser.locator('[data-testid="live-sessions"] li').evaluateAll((items) => items.map((item) => item.getAttribute('data-session')));
    expect(new Set(ids).size).toBe(ids.length);
    const liveBefore = await visualiser.locator('[data-testid="live-sessions"] li[data-ended="false"]').count();
    await other.close({ runBeforeUnload: true });
    await expect.poll(() => visualiser.locator('[data-testid="live-sessions"] li[data-ended="false"]').count()).toBe(liveBefore - 1);
    expect(await visualiser.locator('[data-testid="live-sessions"] li[data-ended="true"]').count()).toBeGreaterThanOrEqual(1);
  });

  it("runs under the server's CSP with nothing refused (its inline import map is allowed by hash)", async () => {
    // A context of its own without bypassCSP: the page as a visitor's browser enforces it.
    const { context: other, page, errors: pageErrors } = await openPage(browser);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${baseUrl}/visualizer`);
    await page.locator('.vz-canvas svg[data-machine-name="wallet"]').waitFor({ timeout: 30_000 });
    await showMachine(page, 'login');
    expect(refused).toEqual([]);
    expect(pageErrors).toEqual([]);
    await other.close();
  });

  it('does not load the inspector without ?inspect=1', async () => {
    const requested: string[] = [];
    // A context of its own: this one is signed in now, and LOGIN would send it to QR.
    const { context: other, page } = await openPage(browser);
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${baseUrl}/en/?PANEL_TAB=LOGIN`);
    await page.getByLabel('E-mail').waitFor();
    expect(requested.some((url) => /\/wallet-app\.[0-9a-f]+\.js/.test(url))).toBe(true);
    expect(requested.filter((url) => /\/inspect\.[0-9a-f]+\.js/.test(url))).toEqual([]);
    await other.close();
  });
});
