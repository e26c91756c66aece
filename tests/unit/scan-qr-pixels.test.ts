// The door scanner's fallback QR reader (src/host/scan/qr-pixels.ts) on the frames the camera e2e test's fake camera
// plays (tests/e2e/fake-camera.ts): codes of the wallet's shape (`TW2.` and 231 bytes in base64url, drawn by the same
// `qrcode` package at the same error correction), sharp, at the fake camera's 640×480. ZXing's QR detector missed about
// one in seven of these (wrong dimension or grid from its finder patterns, however sharp the frame), and a still
// frame is missed on every try: the camera test's code was never read in those runs. Every one of these must be read
// (ZXing 0.23 misses the 12th and the 16th of them).
import { describe, expect, it } from 'vitest';
import { readQrPixels } from '../../src/host/scan/qr-pixels';
import { qrVideo } from '../e2e/fake-camera';

const WIDTH = 640;
const HEIGHT = 480;

/** A fixed sequence of device-code-shaped texts (xorshift32 from a seed): the same codes on every run. */
function codes(count: number, seed: number): string[] {
  let state = seed;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  return Array.from({ length: count }, () => `TW2.${Buffer.from(Array.from({ length: 231 }, () => next() & 0xff)).toString('base64url')}`);
}

/** The first frame of the fake camera's video as RGBA, as a canvas holds it (grey: R = G = B = luma). */
function frame(text: string | null): Uint8ClampedArray {
  const video = qrVideo(text, { width: WIDTH, height: HEIGHT, frames: 1 });
  const start = video.indexOf('\n') + 1 + 'FRAME\n'.length;
  const pixels = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  for (let i = 0; i < WIDTH * HEIGHT; i++) {
    const luma = video[start + i]!;
    pixels[4 * i] = luma;
    pixels[4 * i + 1] = luma;
    pixels[4 * i + 2] = luma;
    pixels[4 * i + 3] = 255;
  }
  return pixels;
}

describe('the scanner reads every code of the fake camera', () => {
  it('reads each of 16 wallet-shaped codes from one sharp still frame', () => {
    const missed = codes(16, 0x5eed).filter((text) => readQrPixels(frame(text), WIDTH, HEIGHT) !== text);
    expect(missed).toEqual([]);
  });

  it('reads nothing from a camera pointed at nothing', () => {
    expect(readQrPixels(frame(null), WIDTH, HEIGHT)).toBeUndefined();
  });
});
