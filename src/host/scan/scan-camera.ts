// The /scan page's camera: the back camera into a <video>, read a few times a second by the browser's
// BarcodeDetector where it has one (Chromium on Android, Safari 17+ on iOS), else by jsQR (qr-pixels.ts), which is
// loaded only then (a separate chunk of this page: plain JavaScript, no worker and no WebAssembly, so the site's CSP
// holds). tests/e2e/scan-camera.test.ts drives it with Chromium's fake camera (the jsQR path: Linux Chromium has no
// BarcodeDetector).
import type { Camera } from './scan-state';

type Decode = (video: HTMLVideoElement) => Promise<string | undefined>;

/**
 * A code held in front of the camera is one read: the same text is read again only once it has been out of sight this
 * long (a frame or two can fail to decode while it is still there), or after the camera is started again.
 */
const GONE_MS = 1500;
const FRAME_MS = 200;
/** Frames are scaled down to this longest side before jsQR reads them: a phone's 1080p frame costs the page. */
const DECODE_MAX_SIDE = 960;

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDecoder(): Promise<Decode | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
  } catch {
    return null;
  }
  const detector = new Detector({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video))[0]?.rawValue;
}

async function pixelDecoder(): Promise<Decode> {
  const { readQrPixels } = await import('./qr-pixels');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return undefined;
    const scale = Math.min(1, DECODE_MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return readQrPixels(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
  };
}

/** The reader, made once: the native one, else jsQR (a failed load is forgotten, so the next start asks again). */
let decoder: Promise<Decode> | null = null;
function loadDecoder(): Promise<Decode> {
  decoder ??= nativeDecoder()
    .then((native) => native ?? pixelDecoder())
    .catch((error: unknown) => {
      decoder = null;
      throw error;
    });
  return decoder;
}

/**
 * Starts and stops the camera; `onCode` gets each code read, `onState` the camera's state. The camera is let go while
 * the page is hidden (the phone locked, another app in front) and taken again when it is shown.
 */
export function createCamera(video: HTMLVideoElement, onCode: (code: string) => void, onState: (camera: Camera) => void) {
  let stream: MediaStream | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Counts starts and stops: a start that a stop overtook (getUserMedia or the reader still on its way) gives up. */
  let generation = 0;
  let wanted = false;
  let last = { code: '', seenAt: 0 };

  function release() {
    generation++;
    clearTimeout(timer);
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
    video.srcObject = null;
    video.hidden = true;
  }

  /** `fresh`: started by staff, so a code still in front of the camera is a new read (not when the page comes back). */
  async function start(fresh: boolean) {
    release();
    const mine = generation;
    wanted = true;
    if (fresh) last = { code: '', seenAt: 0 };
    if (!navigator.mediaDevices?.getUserMedia) {
      wanted = false;
      return onState('unavailable');
    }
    onState('starting');
    let opened: MediaStream;
    try {
      opened = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch (error) {
      if (mine !== generation) return;
      wanted = false;
      return onState(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'unavailable');
    }
    if (mine !== generation) {
      for (const track of opened.getTracks()) track.stop();
      return;
    }
    stream = opened;
    let decode: Decode;
    try {
      decode = await loadDecoder();
    } catch {
      // The reader's chunk did not load (a network gone since the page loaded): the code field still works.
      if (mine !== generation) return;
      release();
      wanted = false;
      return onState('failed');
    }
    if (mine !== generation) return;
    for (const track of opened.getVideoTracks()) {
      // The camera went away (unplugged, taken by another app, stopped by the system).
      track.addEventListener('ended', () => {
        if (mine !== generation || document.hidden) return;
        release();
        wanted = false;
        onState('stopped');
      });
    }
    video.srcObject = opened;
    video.hidden = false;
    await video.play().catch(() => undefined);
    if (mine !== generation) return;
    // Back from hidden: the code seen before still counts as in sight, not as a new read.
    if (!fresh) last = { ...last, seenAt: Date.now() };
    onState('on');
    const tick = async () => {
      if (mine !== generation) return;
      const code = await decode(video).catch(() => undefined);
      if (mine !== generation) return;
      const now = Date.now();
      if (code) {
        const again = code === last.code && now - last.seenAt < GONE_MS;
        last = { code, seenAt: now };
        if (!again) onCode(code);
      }
      timer = setTimeout(tick, FRAME_MS);
    };
    void tick();
  }

  document.addEventListener('visibilitychange', () => {
    if (!wanted) return;
    if (document.hidden) {
      release();
      onState('off');
    } else {
      void start(false);
    }
  });

  return {
    start: () => start(true),
    stop: () => {
      release();
      wanted = false;
      onState('off');
    },
    /** On, or on its way (the button then stops it). */
    running: () => wanted,
  };
}
