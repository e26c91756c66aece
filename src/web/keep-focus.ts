// Focus is never lost inside the open wallet (issue 23): when a step or a panel replaces the element that had the
// keyboard focus (a ticket opened from the list, a swap base chosen, Continue, a confirmation closed), the browser
// drops the focus to <body>. This watches the panel and puts the focus on the new step's heading, marked
// `data-focus-step` (the last one on screen is the newest step), or else on the panel's <h1>. Headings get
// tabindex="-1"; their ring shows for keyboard users only (:focus-visible and the last interaction a key:
// src/web/input-modality.ts, src/web/styles/tokens.css). The browser's Back and Forward between a flow's steps
// (docs/decisions/0120-back-and-forward-between-a-flows-steps.md) move the focus to the step now shown the same way,
// lost or not: Forward keeps the earlier step on screen, and the focus left on its heading would miss the step that
// came back. Drawing the first panel needs none of this: it is a chunk of its own, which src/web/use-keep-focus.ts
// loads once that panel shows.

/** The element the focus goes to in `main` when it was lost: the newest step's heading, else the screen's title. */
export function focusTarget(main: ParentNode): HTMLElement | null {
  const steps = main.querySelectorAll<HTMLElement>('[data-focus-step]');
  return steps[steps.length - 1] ?? main.querySelector<HTMLElement>('h1');
}

/** Whether the focus is nowhere: on <body> (or no element) in the panel's document or shadow root. */
function focusLost(panel: HTMLElement): boolean {
  const root = panel.getRootNode() as Document | ShadowRoot;
  const active = root.activeElement;
  const documentActive = panel.ownerDocument.activeElement;
  return (!active || active === panel.ownerDocument.body) && (!documentActive || documentActive === panel.ownerDocument.body);
}

/**
 * Restores a focus lost inside `panel` until the answered function stops it. Only when the focus was last inside the
 * panel: a person who clicked the host page, or pressed nothing yet, keeps theirs.
 */
export function keepFocus(panel: HTMLElement): () => void {
  let inside = panel.contains((panel.getRootNode() as Document | ShadowRoot).activeElement);
  const onFocusIn = () => {
    inside = true;
  };
  const onPointerDown = (event: Event) => {
    inside = event.composedPath().includes(panel);
  };
  // Back or Forward: the next change of the panel is the step (or panel) the history shows.
  let historyMoved = false;
  const onPopState = () => {
    historyMoved = true;
  };
  // A mutation can come in the middle of a focus move: a field's blur that re-renders it runs while the browser
  // has taken the focus off the field and not yet given it to the next control (the active element is <body> for
  // that moment). So the check waits for the move to finish; a focus really lost is still lost then.
  let pending = 0;
  const restoreSoon = () => {
    if (!pending) pending = window.setTimeout(restore, 0);
  };
  const restore = () => {
    pending = 0;
    const moved = historyMoved;
    historyMoved = false;
    if (!inside) return;
    const main = panel.querySelector<HTMLElement>('.tw-main') ?? panel;
    // After Back or Forward the focus follows the step shown, unless it is in a dialog of its own (a modal answers
    // for it) or already in that step.
    const follow = moved && main.contains((panel.getRootNode() as Document | ShadowRoot).activeElement);
    if (!follow && !focusLost(panel)) return;
    const target = focusTarget(main);
    if (!target) return;
    const active = (panel.getRootNode() as Document | ShadowRoot).activeElement;
    if (follow && active && target.closest('section') !== null && target.closest('section')!.contains(active)) return;
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus({ preventScroll: true });
  };
  const observer = new MutationObserver(restoreSoon);
  observer.observe(panel, { childList: true, subtree: true });
  panel.addEventListener('focusin', onFocusIn);
  panel.ownerDocument.addEventListener('pointerdown', onPointerDown, true);
  panel.ownerDocument.defaultView?.addEventListener('popstate', onPopState);
  return () => {
    panel.ownerDocument.defaultView?.removeEventListener('popstate', onPopState);
    observer.disconnect();
    window.clearTimeout(pending);
    panel.removeEventListener('focusin', onFocusIn);
    panel.ownerDocument.removeEventListener('pointerdown', onPointerDown, true);
  };
}
