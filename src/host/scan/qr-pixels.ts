// The door scanner's own QR reader, for browsers without BarcodeDetector: jsQR over a frame's RGBA pixels. Loaded by
// scan-camera.ts as a chunk of its own, only when the camera starts on such a browser. Plain JavaScript (no worker, no
// WebAssembly, no eval), so the page's CSP holds. Not ZXing: its detector missed about one code in seven of the very
// codes the wallet draws, however sharp the frame (docs/decisions/0100-the-scanners-fallback-reader-is-jsqr.md).
import jsQR from 'jsqr';

/** The text of the QR code in `pixels` (RGBA, `width`×`height`), or undefined when none is read in this frame. */
export function readQrPixels(pixels: Uint8ClampedArray, width: number, height: number): string | undefined {
  // A wallet draws its code dark on light, so the inverted image is not tried: half the work on a frame with no code.
  return jsQR(pixels, width, height, { inversionAttempts: 'dontInvert' })?.data || undefined;
}
