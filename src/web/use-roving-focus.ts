// Roving focus (WAI-ARIA): in a tab list, a menu or a listbox the arrow keys move focus between the items, Home and
// End jump to the ends, and only the current item is in the Tab order. One hook for every such group in the wallet.
import { type KeyboardEvent, type RefObject, useCallback } from 'react';

export interface RovingFocusOptions {
  /** The container whose items take part. */
  container: RefObject<HTMLElement | null>;
  /** Which descendants are the items, e.g. '[role="tab"]'. Disabled items are skipped. */
  items: string;
  /** Arrows of a row (tabs) or of a column (menus, listboxes). */
  orientation: 'horizontal' | 'vertical';
  /** Called with the item that received focus: tabs select it, a listbox marks it active. */
  onMove?: (item: HTMLElement, index: number) => void;
}

const keysOf = {
  horizontal: { previous: 'ArrowLeft', next: 'ArrowRight' },
  vertical: { previous: 'ArrowUp', next: 'ArrowDown' },
} as const;

/** The keydown handler to put on the container; it leaves every other key alone. */
export function useRovingFocus({ container, items, orientation, onMove }: RovingFocusOptions): (event: KeyboardEvent) => void {
  return useCallback(
    (event: KeyboardEvent) => {
      const root = container.current;
      if (!root) return;
      const list = [...root.querySelectorAll<HTMLElement>(items)].filter((item) => !item.matches(':disabled'));
      const target = targetIndex(event.key, orientation, list.indexOf(activeElementIn(root)), list.length);
      if (target === null) return;
      event.preventDefault();
      const item = list[target]!;
      item.focus();
      onMove?.(item, target);
    },
    [container, items, orientation, onMove],
  );
}

/** Where a key moves focus among `count` items from `current` (-1: none focused yet), or null for other keys. */
export function targetIndex(key: string, orientation: RovingFocusOptions['orientation'], current: number, count: number): number | null {
  if (count === 0) return null;
  const { previous, next } = keysOf[orientation];
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (key === next) return current < 0 ? 0 : (current + 1) % count;
  if (key === previous) return current < 0 ? count - 1 : (current - 1 + count) % count;
  return null;
}

/** The focused element, looked up in the root the container lives in (the wallet lives in a shadow root). */
function activeElementIn(root: HTMLElement): HTMLElement {
  return (root.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement;
}
