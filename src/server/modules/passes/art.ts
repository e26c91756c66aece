// The passes' pictures, drawn from one ticket glyph rather than shipped as binaries: Apple's icon and logo at the
// sizes Apple asks for (icon 29 × 29 points, logo at most 160 × 50 points, each at @1x, @2x and @3x), and the square
// logo Google Wallet shows in a circle (660 × 660 px, as Google recommends), served at GET /v1/wallet/logo.png.
import sharp from 'sharp';

/** The pass's colours, shared by both wallets (the wallet's own dark navy and gold). */
export const PASS_COLOURS = { background: '#1f2a44', foreground: '#ffffff', label: '#f4c95d' } as const;

const GLYPH = `<path d="M12 19h34v7a4 4 0 0 0 0 8v7H12v-7a4 4 0 0 0 0-8z" fill="${PASS_COLOURS.label}"/>`;
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 58 58"><rect width="58" height="58" rx="12" fill="${PASS_COLOURS.background}"/>${GLYPH}</svg>`;
/** The logo: the glyph at the left of a 160 × 50 strip, transparent elsewhere (the pass's logoText follows it). */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 50"><g transform="translate(0 -4)">${GLYPH}</g></svg>`;

/** Apple's point sizes; each image is also drawn at 2× and 3×. */
export const APPLE_IMAGE_POINTS = { icon: { width: 29, height: 29 }, logo: { width: 160, height: 50 } } as const;
export const GOOGLE_LOGO_PIXELS = 660;

/** Rasterised at the density that makes its view box `viewWidth` wide come out `width` pixels wide (crisp at every scale). */
const draw = (svg: string, viewWidth: number, width: number, height: number) =>
  sharp(Buffer.from(svg), { density: (72 * width) / viewWidth }).resize(width, height).png().toBuffer();

let apple: Promise<Record<string, Buffer>> | undefined;
/** icon.png, icon@2x.png, icon@3x.png, logo.png, logo@2x.png, logo@3x.png. */
export function applePassImages(): Promise<Record<string, Buffer>> {
  apple ??= Promise.all(
    (['icon', 'logo'] as const).flatMap((name) =>
      [1, 2, 3].map(async (scale) => {
        const { width, height } = APPLE_IMAGE_POINTS[name];
        const file = `${name}${scale === 1 ? '' : `@${scale}x`}.png`;
        return [file, await (name === 'icon' ? draw(ICON_SVG, 58, width * scale, height * scale) : draw(LOGO_SVG, 160, width * scale, height * scale))] as const;
      }),
    ),
  ).then(Object.fromEntries);
  return apple;
}

let google: Promise<Buffer> | undefined;
export function googleLogo(): Promise<Buffer> {
  google ??= draw(ICON_SVG, 58, GOOGLE_LOGO_PIXELS, GOOGLE_LOGO_PIXELS);
  return google;
}
