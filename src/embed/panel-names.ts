// The panel names the loader needs, taken from the one table (machines/tabs.ts) at build time: the loader imports
// this as a Parcel macro (`with { type: 'macro' }`), so dist/embed.js carries the names, not the table. Under vitest
// it is an ordinary call.
import { launcherRoute, overlays, type PanelOverlay, type PanelTab, panelTabs } from '../../machines/tabs';

export interface PanelNames {
  tabs: PanelTab[];
  overlays: PanelOverlay[];
  launcher: { tab: PanelTab; overlay: PanelOverlay };
}

export function panelNames(): PanelNames {
  return { tabs: [...panelTabs], overlays: Object.keys(overlays) as PanelOverlay[], launcher: { ...launcherRoute } };
}
