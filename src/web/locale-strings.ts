// Which English strings travel in which chunk. The frame's chunk carries every key but those of the screens that load
// on demand; each such screen carries its own keys (`screenStrings('QR')`: the prefixes its registry row names) and adds them when its chunk arrives, so
// the first chunk stays the same size as screens are added. Imported as a Parcel macro (`with { type: 'macro' }`):
// it runs at build time and only the picked strings reach the bundle. Under vitest it is an ordinary function.
// Other languages are one chunk each, loaded whole before the wallet mounts (src/web/i18n.ts).
import en from '../../locales/en.json';
import { type PanelName, panelNames, panelRow } from '../../machines/tabs';

type Table = Record<string, string>;

/**
 * Key prefixes whose strings travel with their screens, not in the frame's chunk: each panel's (the registry,
 * machines/tabs.ts, names them per screen), and the server's error messages, which travel with the toasts that show
 * them (src/web/components/toast-list.tsx).
 */
export const toastPrefixes = ['api'] as const;
export type ScreenPrefix = string;
export const screenPrefixes: readonly ScreenPrefix[] = [...new Set([...panelNames.flatMap((name) => panelRow(name).strings), ...toastPrefixes])];

/**
 * Keys only the server uses (e-mails, the PDF and wallet passes, the resale share page, the checkout, the demo site's
 * pages and the door scanner page it renders), and the statechart visualiser's page (its own bundle, src/visualizer/):
 * never in the wallet bundle.
 */
export const serverPrefixes = ['mail', 'pdf', 'pass', 'share_page', 'checkout', 'site', 'scan', 'visualizer'] as const;

const prefixOf = (key: string) => key.slice(0, key.indexOf('.'));

function pick(keep: (prefix: string) => boolean): Table {
  return Object.fromEntries(Object.entries(en as Table).filter(([key]) => keep(prefixOf(key))));
}

/** The English strings of the frame: everything but the screens' own and the server's. */
export function frameStrings(): Table {
  const elsewhere = new Set<string>([...screenPrefixes, ...serverPrefixes]);
  return pick((prefix) => !elsewhere.has(prefix));
}

/** The English strings a panel's screen brings with it (its row's `strings`), or those of the prefixes named. */
export function screenStrings(from: PanelName | readonly ScreenPrefix[]): Table {
  const prefixes: readonly string[] = typeof from === 'string' ? panelRow(from).strings : from;
  const unknown = prefixes.filter((prefix) => !screenPrefixes.includes(prefix));
  if (unknown.length) throw new Error(`screenStrings: ${unknown.join(', ')} not in screenPrefixes`);
  return pick((prefix) => prefixes.includes(prefix));
}
