// Profile pictures: whatever was uploaded (HEIC, WEBP, SVG, PNG or JPG, recognised by content) is decoded and
// re-encoded as a square WebP of at most 512 px, without metadata. Nothing uploaded is ever served as it came: an SVG
// is rasterised, a polyglot keeps only its pixels. HEIC goes through heic-decode (libheif with libde265, as wasm):
// sharp's prebuilt libvips has HEIF but not the HEVC decoder. Anything that does not decode cleanly is refused.
import decodeHeic from 'heic-decode';
import sharp, { type Sharp } from 'sharp';
import { sniffImage } from './storage';

/** The largest side of a stored picture. */
export const AVATAR_SIZE = 512;
/** Decoding more pixels than this is refused before any pixel is decoded (a 20000×20000 bomb is 400 M). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** SVG that scripts, embeds HTML or reaches outside itself is refused rather than rendered. */
const unsafeSvg = /<script|<foreignObject|\bon[a-z]+\s*=|javascript:|(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/(?:png|jpeg|webp);)/i;

export type PictureResult = { ok: true; webp: Buffer } | { ok: false };

export async function toAvatarWebp(bytes: Buffer): Promise<PictureResult> {
  const kind = sniffImage(bytes);
  if (!kind) return { ok: false };
  if (kind === 'svg' && unsafeSvg.test(bytes.toString('utf8'))) return { ok: false };
  try {
    const image = kind === 'heic' ? await heicPixels(bytes) : sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });
    // EXIF orientation applied, then the centre square, never enlarged past the picture's own shorter side.
    const { data, info } = await image.rotate().raw().toBuffer({ resolveWithObject: true });
    const side = Math.min(AVATAR_SIZE, info.width, info.height);
    const webp = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .resize(side, side, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
    return { ok: true, webp };
  } catch {
    return { ok: false };
  }
}

async function heicPixels(bytes: Buffer): Promise<Sharp> {
  const images = await decodeHeic.all({ buffer: bytes });
  try {
    const first = images[0];
    if (!first || first.width * first.height > MAX_INPUT_PIXELS) throw new Error('picture: HEIC too large or empty');
    const { width, height, data } = await first.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  } finally {
    images.dispose();
  }
}
