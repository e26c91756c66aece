// The first panel on screen: the shell marks it (a performance mark the bench and real-user monitoring read) and
// what is not needed to draw it (the footer's controls, the other screens) waits for it.
import { FIRST_PANEL_MARK } from './first-panel-mark';

let shown = false;
const waiting = new Set<() => void>();

/** The first panel has rendered: set the mark once and run what waited for it. */
export function markFirstPanel(): void {
  if (shown) return;
  shown = true;
  if (performance.getEntriesByName(FIRST_PANEL_MARK).length === 0) performance.mark(FIRST_PANEL_MARK);
  for (const run of [...waiting]) run();
  waiting.clear();
}

/** Runs `run` once the first panel has rendered (at once if it has); answers a function that cancels it. */
export function afterFirstPanel(run: () => void): () => void {
  if (shown) {
    run();
    return () => {};
  }
  waiting.add(run);
  return () => waiting.delete(run);
}
