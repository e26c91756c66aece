// Profile pictures: whatever was uploaded (HEIC, WEBP, SVG, PNG or JPG, recognised by content) is decoded and
// re-encoded as a square WebP of at most 512 px, without metadata. Nothing uploaded is ever served as it came: an SVG
// is rasterised, a polyglot keeps only its pixels. HEIC goes through heic-decode (libheif with libde265, as wasm):
// sharp's prebuilt libvips has HEIF but not the HEVC decoder. Anything that does not decode cleanly is refused.
//
// This module runs only inside a picture process (picture-process.ts, started by picture-pool.ts), never in the
// server's own process: a picture that gets past the checks below and still takes long is killed with its process.
// What is refused before any pixel is rendered: an SVG with filters (any <filter>, fe* element or CSS filter), XML
// entities, too many or too deeply nested elements, or a canvas (width, height, viewBox) over MAX_SVG_SIDE; any picture
// whose header declares more than MAX_INPUT_PIXELS, also inside an SVG as an inline image; any input over
// MAX_INPUT_BYTES; and a picture libvips cannot stream (an interlaced PNG, a progressive JPEG, WebP, HEIC: decoded
// whole; a 16-bit PNG) whose decoded pixels would take more than MAX_DECODED_BYTES. What streams is read sequentially
// (`sequentialRead`), a few rows at a time, so its memory does not grow with its size. The process itself is capped
// (picture-pool.ts), so what gets past these checks and still takes too much memory is killed with it
// (docs/decisions/0115-picture-memory-capped-in-the-kernel.md).
import decodeHeic from 'heic-decode';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { PICTURE_LIMIT_BYTES } from '../../contract/forms';
import { sniffImage } from './storage';

/** The largest side of a stored picture. */
export const AVATAR_SIZE = 512;
/** Decoding more pixels than this is refused before any pixel is decoded (a 20000×20000 bomb is 400 M). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The largest input the picture process takes (the upload limit's default; a larger PICTURE_LIMIT_BYTES still stops here). */
export const MAX_INPUT_BYTES = PICTURE_LIMIT_BYTES;
/**
 * What a picture decoded whole may take: width × height × channels × bytes per sample (a progressive JPEG's
 * coefficients take 2 bytes a sample, its chroma subsampled; HEIC's decoder holds its 4:2:0 YUV planes and the RGBA
 * copy, 5.5 bytes a pixel). 64 MiB: a 16.7 MP 8-bit RGBA interlaced PNG or WebP, a 22 MP progressive JPEG, a 12 MP
 * phone HEIC (4032 × 3024), within the process's 256 MB beside its ~130 MB of code, libraries and heap
 * (docs/performance.md, Picture memory).
 */
export const MAX_DECODED_BYTES = 64 * 1024 * 1024;
/** An SVG's declared width, height or viewBox side, in CSS pixels, at most. */
export const MAX_SVG_SIDE = 4096;
/** An SVG with more elements than this, or nested deeper, is refused before rendering. */
export const MAX_SVG_ELEMENTS = 5000;
export const MAX_SVG_DEPTH = 64;

/** SVG that scripts, embeds HTML or reaches outside itself is refused rather than rendered. */
const unsafeSvg = /<script|<foreignObject|\bon[a-z]+\s*=|javascript:|(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/(?:png|jpeg|webp);)/i;
/** Filters cost without bound (a 236-byte blur and turbulence on 6000×6000 took 219 s of CPU): an element or a CSS filter. */
const svgFilter = /<(?:[\w-]+:)?(?:filter|fe[a-z]+)[\s/>]|\bfilter\s*[:=]/i;

/** Why a picture was refused: api.profile.picture_invalid, picture_too_large or picture_too_complex. */
export type PictureRefusal = 'invalid' | 'too_large' | 'too_complex';
export type PictureResult = { ok: true; webp: Buffer } | { ok: false; reason: PictureRefusal };

/** Bytes of one sample by libvips' band format. */
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

/**
 * What decoding this picture whole would take, in bytes; 0 when libvips streams it in little memory (an 8-bit
 * non-interlaced PNG or a baseline JPEG, read sequentially; an SVG, rendered at the target size). A 16-bit PNG is
 * counted whole although it streams: its pipeline's buffers grow with it (a 40 MP one took 90 MB more than an 8-bit one).
 */
export function decodedBytes(
  metadata: Partial<Pick<Metadata, 'format' | 'width' | 'height' | 'channels' | 'depth' | 'isProgressive' | 'chromaSubsampling'>>,
): number {
  const { format, width = 0, height = 0, channels = 4, depth = 'uchar', isProgressive = false, chromaSubsampling } = metadata;
  const eightBit = depth === 'uchar' || depth === 'char';
  if (format === 'svg' || (format === 'jpeg' && !isProgressive) || (format === 'png' && !isProgressive && eightBit)) return 0;
  if (format === 'jpeg') {
    // 16-bit coefficients of every sample; 4:2:0 keeps one chroma sample of each pair a quarter, 4:2:2 a half.
    const samples = channels === 3 && chromaSubsampling === '4:2:0' ? 1.5 : channels === 3 && chromaSubsampling === '4:2:2' ? 2 : channels;
    return width * height * samples * 2;
  }
  return width * height * channels * (SAMPLE_BYTES[depth] ?? 8);
}

export async function toAvatarWebp(bytes: Buffer): Promise<PictureResult> {
  if (bytes.length > MAX_INPUT_BYTES) return { ok: false, reason: 'too_large' };
  const kind = sniffImage(bytes);
  if (!kind) return { ok: false, reason: 'invalid' };
  if (kind === 'svg') {
    const text = bytes.toString('utf8');
    const refusal = inspectSvg(text) ?? (await inspectEmbeddedImages(text));
    if (refusal) return { ok: false, reason: refusal };
  }
  try {
    let image: Sharp;
    let side: number;
    if (kind === 'heic') {
      const pixels = await heicPixels(bytes);
      if (!pixels.ok) return pixels;
      image = pixels.image;
      side = Math.min(AVATAR_SIZE, pixels.width, pixels.height);
    } else {
      // The header only: a pixel flood is refused before libvips decodes (or an SVG renders) anything.
      const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
      const { width, height } = metadata;
      if (!width || !height) return { ok: false, reason: 'invalid' };
      if (width * height > MAX_INPUT_PIXELS || (kind === 'svg' && Math.max(width, height) > MAX_SVG_SIDE)) return { ok: false, reason: 'too_large' };
      if (decodedBytes(metadata) > MAX_DECODED_BYTES) return { ok: false, reason: 'too_large' };
      image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', sequentialRead: true });
      side = Math.min(AVATAR_SIZE, width, height);
    }
    // EXIF orientation applied, then the centre square, never enlarged past the picture's own shorter side (which an
    // EXIF rotation does not change). One pipeline: JPEG and SVG are decoded or rendered at the smaller size directly.
    const webp = await image.rotate().resize(side, side, { fit: 'cover', position: 'centre' }).webp({ quality: 82 }).toBuffer();
    return { ok: true, webp };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}

/** HEIC is decoded whole: its YUV planes (1.5 bytes a pixel at 4:2:0) and the RGBA copy (4). */
const HEIC_BYTES_PER_PIXEL = 5.5;

async function heicPixels(bytes: Buffer): Promise<{ ok: true; image: Sharp; width: number; height: number } | { ok: false; reason: PictureRefusal }> {
  const images = await decodeHeic.all({ buffer: bytes });
  try {
    const first = images[0];
    if (!first) return { ok: false, reason: 'invalid' };
    if (first.width * first.height > MAX_INPUT_PIXELS || first.width * first.height * HEIC_BYTES_PER_PIXEL > MAX_DECODED_BYTES) {
      return { ok: false, reason: 'too_large' };
    }
    const { width, height, data } = await first.decode();
    const image = sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
    return { ok: true, image, width, height };
  } finally {
    images.dispose();
  }
}

/** CSS pixels per unit of an SVG length (librsvg's 96 dpi; em and ex as a 16 px font). */
const UNIT_PX: Record<string, number> = { '': 1, px: 1, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, pt: 96 / 72, pc: 16, em: 16, ex: 8 };

/**
 * What makes an SVG refused before it is rendered, by reading its text: null when it may be rendered. Unsafe content
 * is invalid; filters, entities, too many or too deeply nested elements are too complex; a declared canvas over
 * MAX_SVG_SIDE is too large.
 */
export function inspectSvg(text: string): PictureRefusal | null {
  if (unsafeSvg.test(text)) return 'invalid';
  if (svgFilter.test(text) || /<!ENTITY/i.test(text)) return 'too_complex';
  let elements = 0;
  let depth = 0;
  // Open, close and self-closing tags; comments, CDATA, declarations and processing instructions are skipped.
  for (const tag of text.matchAll(/<(\/?)([A-Za-z][\w.:-]*)(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>/g)) {
    if (tag[1]) {
      depth -= 1;
      continue;
    }
    elements += 1;
    if (!tag[3]) depth += 1;
    if (elements > MAX_SVG_ELEMENTS || depth > MAX_SVG_DEPTH) return 'too_complex';
  }
  const root = /<svg\b((?:[^>"']|"[^"]*"|'[^']*')*)>/i.exec(text)?.[1] ?? '';
  const attribute = (name: string) => new RegExp(`(?:^|\\s)${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1];
  const sides = [attribute('width'), attribute('height')].map((value) => lengthPx(value));
  const viewBox = attribute('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (viewBox?.length === 4) sides.push(Math.abs(viewBox[2]!), Math.abs(viewBox[3]!));
  if (sides.some((side) => Number.isNaN(side) || side > MAX_SVG_SIDE)) return 'too_large';
  return null;
}

/**
 * The raster images an SVG carries inline (data: URIs, the only ones it may reference) are decoded by librsvg when it
 * renders: their headers are read here first, and together they may not declare more than MAX_INPUT_PIXELS.
 */
async function inspectEmbeddedImages(text: string): Promise<PictureRefusal | null> {
  let pixels = 0;
  for (const [, data] of text.matchAll(/data:image\/(?:png|jpeg|webp);base64,([A-Za-z0-9+/=\s]+)/gi)) {
    try {
      const { width, height } = await sharp(Buffer.from(data!, 'base64'), { limitInputPixels: false }).metadata();
      pixels += (width ?? 0) * (height ?? 0);
    } catch {
      return 'invalid';
    }
    if (pixels > MAX_INPUT_PIXELS) return 'too_large';
  }
  return null;
}

/** An SVG length in CSS pixels; 0 when absent or relative (%), NaN when unreadable. */
function lengthPx(value: string | undefined): number {
  if (value === undefined || value.trim().endsWith('%')) return 0;
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = match && UNIT_PX[match[2]!.toLowerCase()];
  return match && unit ? Math.abs(Number(match[1]) * unit) : Number.NaN;
}
