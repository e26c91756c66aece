// Which English strings travel in which chunk. The frame's chunk carries every key but those of the screens that load
// on demand; each such screen carries its own keys (`screenStrings(['qr'])`) and adds them when its chunk arrives, so
// the first chunk stays the same size as screens are added. Imported as a Parcel macro (`with { type: 'macro' }`):
// it runs at build time and only the picked strings reach the bundle. Under vitest it is an ordinary function.
// Other languages are one chunk each, loaded whole before the wallet mounts (src/web/i18n.ts).
import en from '../../locales/en.json';

type Table = Record<string, string>;

/** Key prefixes whose strings travel with their screens, not in the frame's chunk. */
export const screenPrefixes = [
  'qr',
  'tickets',
  'ticket',
  'benefit',
  'login',
  'otp',
  'personal_data',
  'hub',
  'logout',
  'redeem',
  'settings',
  // The server's error messages: with the toasts that show them, and with the screens that show one inline.
  'api',
  // Field errors of SPEC §5: with the screens that have forms.
  'form',
  'gift',
  'resell',
  'swap',
  'listings',
  'payout',
] as const;
export type ScreenPrefix = (typeof screenPrefixes)[number];

/**
 * Keys only the server uses (e-mails, the resale share page it renders), and the statechart visualiser's page (its
 * own bundle, src/visualizer/): never in the wallet bundle.
 */
export const serverPrefixes = ['mail', 'share_page', 'checkout', 'visualizer'] as const;

const prefixOf = (key: string) => key.slice(0, key.indexOf('.'));

function pick(keep: (prefix: string) => boolean): Table {
  return Object.fromEntries(Object.entries(en as Table).filter(([key]) => keep(prefixOf(key))));
}

/** The English strings of the frame: everything but the screens' own and the server's. */
export function frameStrings(): Table {
  const elsewhere = new Set<string>([...screenPrefixes, ...serverPrefixes]);
  return pick((prefix) => !elsewhere.has(prefix));
}

/** The English strings a screen brings with it. */
export function screenStrings(prefixes: readonly ScreenPrefix[]): Table {
  const unknown = prefixes.filter((prefix) => !(screenPrefixes as readonly string[]).includes(prefix));
  if (unknown.length) throw new Error(`screenStrings: ${unknown.join(', ')} not in screenPrefixes`);
  return pick((prefix) => prefixes.includes(prefix as ScreenPrefix));
}
