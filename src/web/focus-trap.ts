// Focus inside a modal dialog (the wallet panel, the HUB, a modal): Tab never leaves it for the host page behind.

const focusableSelector = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The elements of `container` that Tab reaches, in order: none taken out of the order (tabindex -1, as a radio
 * group's unchecked options are), hidden or inside an inert part.
 */
export function focusablesIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[inert], [hidden]'),
  );
}

/**
 * On Tab: past the last element back to the first, and with Shift before the first to the last. The focus may be on
 * something Tab does not stop at (the dialog itself or a heading, where it lands when the dialog opens): the
 * elements before and after it in the document decide. Other keys pass.
 */
export function keepTabInside(container: HTMLElement, event: { key: string; shiftKey: boolean; preventDefault(): void }): void {
  if (event.key !== 'Tab') return;
  const items = focusablesIn(container);
  const active = (container.getRootNode() as Document | ShadowRoot).activeElement;
  const wrapTo = event.shiftKey ? items[items.length - 1] : items[0];
  if (!active || !container.contains(active)) {
    event.preventDefault();
    wrapTo?.focus();
    return;
  }
  const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
  const onward = event.shiftKey
    ? items.some((item) => item !== active && follows(item, active))
    : items.some((item) => item !== active && follows(active, item) && !item.contains(active));
  if (!onward) {
    event.preventDefault();
    wrapTo?.focus();
  }
}
