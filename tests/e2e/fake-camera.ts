// A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): a QR code drawn with the `qrcode` package
// into the luma plane of a YUV4MPEG2 (Y4M) file, the same still in every frame (U and V at 128: grey, no colour).
// Chromium opens the file each time the page starts the camera and loops it.
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

const WHITE = 235;
const BLACK = 16;
/** Around the code's quiet zone: a grey scene, as a phone's screen is seen in a room. */
const SCENE = 96;

/** The Y4M bytes of `frames` identical frames showing `text` as a QR code (none: a camera pointed at nothing). */
export function qrVideo(text: string | null, { width = 640, height = 480, frames = 5 }: { width?: number; height?: number; frames?: number } = {}): Buffer {
  const luma = Buffer.alloc(width * height, SCENE);
  if (text !== null) {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const quiet = 4;
    const cells = modules.size + 2 * quiet;
    const scale = Math.floor((Math.min(width, height) * 0.9) / cells);
    if (scale < 2) throw new Error(`a ${modules.size}-module code does not fit ${width}×${height}`);
    const left = Math.floor((width - cells * scale) / 2);
    const top = Math.floor((height - cells * scale) / 2);
    for (let y = 0; y < cells * scale; y++) {
      for (let x = 0; x < cells * scale; x++) {
        const row = Math.floor(y / scale) - quiet;
        const column = Math.floor(x / scale) - quiet;
        const dark = row >= 0 && column >= 0 && row < modules.size && column < modules.size && Boolean(modules.get(row, column));
        luma[(top + y) * width + left + x] = dark ? BLACK : WHITE;
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: frames }, () => frame)]);
}

/** Writes the video to `path` (the file the browser was launched with): the next camera start plays it. */
export function writeQrVideo(path: string, text: string | null): void {
  writeFileSync(path, qrVideo(text));
}
