// The /scan page's camera as the camera e2e files see it (scan-camera.test.ts: the jsQR path; scan-camera-native.test.ts:
// the BarcodeDetector path): the verdict, the camera's button and note, a count of the verdicts shown, and the button
// pressed by keyboard.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium } from './browser';
import { type Contexts, tabUntilFocused } from './page-helpers';

export const PHONE = { width: 390, height: 844 };

export const result = (page: Page) => page.locator('#scan-result');
export const toggle = (page: Page) => page.locator('#scan-camera-toggle');
export const note = (page: Page) => page.locator('#scan-camera-note');

/**
 * What a failed wait also shows, to tell a camera that gives no readable frames from a verdict that is not drawn: the
 * result's class (set at once; its text comes in the next animation frame), the video's state and the spread of the
 * luma in the frame it shows now (16–235: the code is there; one value: a blank frame), and whether animation
 * frames run at all.
 */
const pageState = (page: Page) =>
  page
    .evaluate(async () => {
      const video = document.getElementById('scan-video') as HTMLVideoElement;
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth || 1;
      canvas.height = video.videoHeight || 1;
      const context = canvas.getContext('2d')!;
      context.drawImage(video, 0, 0);
      let low = 255;
      let high = 0;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4 * 97) {
        low = Math.min(low, data[i]!);
        high = Math.max(high, data[i]!);
      }
      const frame = await Promise.race([
        new Promise((resolve) => requestAnimationFrame(() => resolve('runs'))),
        new Promise((resolve) => setTimeout(() => resolve('none within 1 s'), 1000)),
      ]);
      return ` [result class: ${document.getElementById('scan-result')!.className}; video: ready ${video.readyState}, ${video.paused ? 'paused' : 'playing'} at ${video.currentTime.toFixed(1)} s, ${video.videoWidth}×${video.videoHeight}, luma ${low}–${high}; animation frame: ${frame}]`;
    })
    .catch((error: unknown) => ` [page state unreadable: ${String(error)}]`);

/**
 * Waits for the verdict to say each text; a failure also shows the camera's button and note, to tell why. A camera's
 * first read waits longer (`timeout`): it opens the camera and loads the reader's chunk first, which on a loaded CI
 * machine took more than 20 s once.
 */
export async function expectResult(page: Page, texts: string[], timeout = 20_000) {
  const seen = async () => `${await result(page).textContent()} [camera: ${await toggle(page).textContent()}; ${await note(page).textContent()}]`;
  for (const text of texts) {
    const verdict = new RegExp(`^[^[]*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    try {
      await expect.poll(seen, { timeout }).toMatch(verdict);
    } catch (error) {
      throw new Error(`${(error as Error).message}${await pageState(page)}`, { cause: error });
    }
  }
}

/** Counts the verdicts the page shows from now on (each read empties the result and fills it again). */
export const countVerdicts = (page: Page) =>
  page.evaluate(() => {
    const holder = window as unknown as { verdicts: number };
    holder.verdicts = 0;
    new MutationObserver((changes) => {
      for (const change of changes) if (change.addedNodes.length) holder.verdicts++;
    }).observe(document.getElementById('scan-result')!, { childList: true });
  });
export const verdicts = (page: Page) => page.evaluate(() => (window as unknown as { verdicts: number }).verdicts);

export const videoStreaming = (page: Page) => page.evaluate(() => (document.getElementById('scan-video') as HTMLVideoElement).srcObject !== null);

/** Tabs from the code field to the camera button and presses it. */
export async function pressCamera(page: Page) {
  await tabUntilFocused(page, toggle(page));
  await page.keyboard.press('Enter');
}

/**
 * A Chromium whose fake camera plays a video file, which a test writes in its beforeAll (the code in it depends on the
 * devices registered there), so it is launched there too: `browser` hands out its contexts once `launch` ran. No
 * --use-fake-ui-for-media-stream: that would allow every camera request, and a context without the permission must
 * see it refused.
 */
export function cameraChromium() {
  let chromium: Browser | undefined;
  const browser: Contexts = {
    newContext: (options?: BrowserContextOptions) => {
      if (!chromium) throw new Error('Chromium is not running yet');
      return chromium.newContext(options);
    },
  };
  return {
    browser,
    launch: async (videoFile: string) => {
      chromium = await launchChromium(['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${videoFile}`]);
    },
    close: () => chromium?.close(),
  };
}
