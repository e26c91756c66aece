// When a step of a screen replaces the element that had the focus, the focus falls to nowhere; this puts it back.

/**
 * Moves the focus to `selector` inside `container` when the focus is nowhere (its element was removed by the step
 * change): keyboard users keep their place; a person who clicked elsewhere keeps theirs.
 */
export function focusIfLost(container: HTMLElement | null, selector: string): void {
  if (!container) return;
  const root = container.getRootNode() as Document | ShadowRoot;
  const active = root.activeElement;
  if (active && active !== container.ownerDocument.body) return;
  container.querySelector<HTMLElement>(selector)?.focus();
}
