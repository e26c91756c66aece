// e2e: the door scanner's camera through the browser's own BarcodeDetector (Chromium on Android, Safari 17+ on iOS),
// the path src/host/scan/scan-camera.ts takes before its own jsQR chunk. Linux Chromium has no BarcodeDetector, so
// one with the real API's shape (the static getSupportedFormats(), a constructor taking { formats }, detect(source)
// answering DetectedBarcode objects: rawValue, format, boundingBox, cornerPoints) is installed before the page loads.
// It reads the camera for real: each detect() draws the video's current frame onto a canvas and decodes its pixels
// with jsQR (a copy the test installs: the page's own jsQR chunk is never loaded here, so the code can only come from
// the frame). The fake camera plays a QR code of alex's device code (fake-camera.ts). The code is admitted once, held in front of the camera it is not read again,
// shown again after a restart it is refused; the page's jsQR chunk is never asked for on this path.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Device, registerAlexDevices, signInToScan } from './door-devices';
import { writeQrVideo } from './fake-camera';
import { hasFocus, withPage } from './page-helpers';
import { cameraChromium, countVerdicts, expectResult, PHONE, pressCamera, result, toggle, verdicts, videoStreaming } from './scan-camera-page';
import { useServer } from './server';

// Admits a ticket: a server of its own.
const server = useServer();
const folder = mkdtempSync(join(tmpdir(), 'tw-camera-native-'));
const videoFile = join(folder, 'camera.y4m');

/**
 * The BarcodeDetector the page finds: jsQR's browser build wrapped so it stays out of the page's globals, then a
 * detector that reads what it is given (a video's current frame, an image, a canvas) through a canvas. Each call is
 * recorded in `window.detectorCalls` (what it was given and what it found) for the test to look at.
 */
function nativeDetectorScript(): string {
  const jsQR = readFileSync(createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js'), 'utf8');
  return `(() => {
  const module = { exports: {} };
  const exports = module.exports;
  ${jsQR}
  const jsQR = module.exports;
  const calls = (window.detectorCalls = { constructed: [], detect: [] });
  class BarcodeDetector {
    static async getSupportedFormats() {
      return ['aztec', 'code_128', 'data_matrix', 'ean_13', 'pdf417', 'qr_code'];
    }
    #formats;
    constructor(options = {}) {
      const formats = options.formats ?? ['qr_code'];
      if (!formats.length || formats.some((format) => format !== 'qr_code' && format !== 'aztec' && format !== 'code_128' && format !== 'data_matrix' && format !== 'ean_13' && format !== 'pdf417')) {
        throw new TypeError('Hint option provided, but is empty or contains an unsupported format.');
      }
      this.#formats = formats;
      calls.constructed.push(formats);
    }
    async detect(source) {
      const video = source instanceof HTMLVideoElement;
      // As the browser does: a video with no frame yet has nothing to read.
      if (video && source.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) {
        calls.detect.push({ source: source.constructor.name, found: null });
        return [];
      }
      const width = video ? source.videoWidth : source.naturalWidth ?? source.width;
      const height = video ? source.videoHeight : source.naturalHeight ?? source.height;
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d', { willReadFrequently: true });
      context.drawImage(source, 0, 0, width, height);
      const found = this.#formats.includes('qr_code') ? jsQR(context.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: 'dontInvert' }) : null;
      calls.detect.push({ source: source.constructor.name, found: found ? found.data : null, at: performance.now() });
      if (!found) return [];
      const { topLeftCorner: a, topRightCorner: b, bottomRightCorner: c, bottomLeftCorner: d } = found.location;
      const left = Math.min(a.x, d.x);
      const top = Math.min(a.y, b.y);
      return [
        {
          rawValue: found.data,
          format: 'qr_code',
          boundingBox: new DOMRectReadOnly(left, top, Math.max(b.x, c.x) - left, Math.max(c.y, d.y) - top),
          cornerPoints: [a, b, c, d].map(({ x, y }) => ({ x, y })),
        },
      ];
    }
  }
  Object.defineProperty(window, 'BarcodeDetector', { value: BarcodeDetector, writable: true, configurable: true });
})();`;
}

const camera = cameraChromium();
const browser = camera.browser;
let weekender: Device[];
let code: string;

beforeAll(async () => {
  ({ weekender } = await registerAlexDevices(server.url));
  // The code of the next time step, so it stays valid (one step either side of the scanner's) for the whole test.
  code = await weekender[0]!.code(Date.now() + 15_000);
  writeQrVideo(videoFile, code);
  await camera.launch(videoFile);
}, 180_000);

afterAll(async () => {
  await camera.close();
  rmSync(folder, { recursive: true, force: true });
});

interface DetectorCalls {
  constructed: string[][];
  detect: Array<{ source: string; found: string | null; at?: number }>;
}
const detectorCalls = (page: import('playwright-core').Page) => page.evaluate(() => (window as unknown as { detectorCalls: DetectorCalls }).detectorCalls);

describe('the door scanner camera with the browser’s BarcodeDetector', () => {
  it('reads the code from the camera through BarcodeDetector, admits it once, refuses it shown again, and never loads its own reader', async () => {
    await withPage(browser, { permissions: ['camera'], viewport: PHONE }, async ({ context, page, errors }) => {
      await context.addInitScript({ content: nativeDetectorScript() });
      const scripts: string[] = [];
      page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
      await signInToScan(page, server.url);
      expect(await page.evaluate(() => typeof (window as unknown as { BarcodeDetector?: unknown }).BarcodeDetector)).toBe('function');
      const loadedBeforeCamera = scripts.length;

      const ticket = weekender[0]!;
      await countVerdicts(page);
      await pressCamera(page);
      await expectResult(page, ['Admitted', `Ticket #${ticket.signed.certificate.userTicketId}`]);
      expect(await toggle(page).textContent()).toBe('Stop camera');
      expect(await page.locator('#scan-video').isVisible()).toBe(true);
      expect(await hasFocus(toggle(page))).toBe(true);

      // The page asked for QR codes only, and the detector read the code out of the video's frames.
      const calls = await detectorCalls(page);
      expect(calls.constructed).toEqual([['qr_code']]);
      expect(calls.detect.every((call) => call.source === 'HTMLVideoElement')).toBe(true);
      expect(calls.detect.some((call) => call.found === code)).toBe(true);

      // Held in front of the camera: read frame after frame, still one verdict. Waited for: the detector has read the
      // code over more than 3 s, twice the 1.5 s after which a code out of sight would be read anew.
      const readSpan = async () => {
        const reads = (await detectorCalls(page)).detect.filter((call) => call.found === code && call.at !== undefined);
        return reads.length ? reads.at(-1)!.at! - reads[0]!.at! : 0;
      };
      await expect.poll(readSpan, { timeout: 20_000 }).toBeGreaterThan(3000);
      expect(await verdicts(page)).toBe(1);
      expect(await result(page).textContent()).toContain('Admitted');

      // Stopped and started again (the same phone shown a second time): refused, never admitted twice.
      await page.keyboard.press('Enter');
      await expect.poll(() => toggle(page).textContent()).toBe('Start camera');
      expect(await videoStreaming(page)).toBe(false);
      await page.keyboard.press('Enter');
      await expectResult(page, ['Refused', 'Already admitted here']);
      expect(await verdicts(page)).toBe(2);
      // One detector for the page: the reader is made once, the restart reuses it.
      expect((await detectorCalls(page)).constructed).toHaveLength(1);

      // No chunk came once the camera started: the page's jsQR (its own chunk, qr-pixels) is only for browsers without one.
      expect(scripts.slice(loadedBeforeCamera)).toEqual([]);
      expect(scripts.some((path) => /qr-pixels/.test(path))).toBe(false);
      expect(errors).toEqual([]);
    });
  });
});
