// The entry code's PNG, drawn straight from the QR matrix: one bit a pixel, black on white, the same pixels as the
// qrcode package's own PNG for the same options (tests/server/qr-png.test.ts compares them), in a tenth of the time
// (it encodes 320×320 RGBA with pngjs; this encodes 40 bytes a row). Every holder's code is drawn once a window,
// so at the doors this is the cost that remains.
import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

export interface QrPngOptions {
  errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H';
  /** Quiet zone, in modules. */
  margin: number;
  /** Image width and height in pixels. */
  width: number;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const END = chunk('IEND', Buffer.alloc(0));

/** The PNG of `text` as a QR code, scaled as the qrcode package scales it (`width / (modules + 2 × margin)`). */
export function qrPng(text: string, { errorCorrectionLevel, margin, width }: QrPngOptions): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel });
  const size = modules.size;
  const scale = width >= size + margin * 2 ? width / (size + margin * 2) : 4;
  const pixels = Math.floor((size + margin * 2) * scale);
  const scaledMargin = margin * scale;
  const rowBytes = Math.ceil(pixels / 8);
  const raw = Buffer.alloc((rowBytes + 1) * pixels, 0);
  // Each row: filter byte 0, then bits, 1 = white. The dark modules of a row are the same for all its pixel rows.
  const row = Buffer.alloc(rowBytes);
  let lastSource = -2;
  for (let y = 0; y < pixels; y++) {
    const inY = y >= scaledMargin && y < scaledMargin + size * scale;
    const source = inY ? Math.floor((y - scaledMargin) / scale) : -1;
    if (source !== lastSource) {
      row.fill(0);
      for (let x = 0; x < pixels; x++) {
        const inX = x >= scaledMargin && x < scaledMargin + size * scale;
        const dark = source >= 0 && inX && modules.get(source, Math.floor((x - scaledMargin) / scale));
        if (!dark) row[x >> 3]! |= 0x80 >> (x & 7);
      }
      lastSource = source;
    }
    row.copy(raw, y * (rowBytes + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(pixels, 0);
  header.writeUInt32BE(pixels, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), END]);
}
