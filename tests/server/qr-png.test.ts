// The entry code's PNG is drawn from the QR matrix by src/server/modules/access/qr-png.ts: it must show exactly the
// pixels the qrcode package draws for the same text and options (which scanners already read).
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrPng } from '../../src/server/modules/access/qr-png';
import { ENTRY_QR_IMAGE } from '../../src/server/modules/access/service';

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('the entry code PNG', () => {
  it.each([
    ['an entry token', 'TW1.12345.119973451.abcdefghijklmnopqrstuv', ENTRY_QR_IMAGE],
    ['a longer text, another size', 'TW1.2147483647.999999999999.0123456789_-abcdefghij', { errorCorrectionLevel: 'H', margin: 4, width: 300 }],
    ['a width that does not divide evenly', 'hello', { errorCorrectionLevel: 'L', margin: 2, width: 257 }],
  ] as const)('has the same pixels as the qrcode package for %s', async (_what, text, options) => {
    const mine = qrPng(text, options);
    const dataUrl = await QRCode.toDataURL(text, options);
    const theirs = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    const [a, b] = await Promise.all([pixels(mine), pixels(theirs)]);
    expect([a.width, a.height]).toEqual([b.width, b.height]);
    expect(a.data.equals(b.data)).toBe(true);
    // Black and white only, and smaller than the RGBA original.
    expect(new Set(a.data)).toEqual(new Set([0, 255]));
    expect(mine.length).toBeLessThan(theirs.length);
  });
});
