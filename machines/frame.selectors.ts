// Derived values of the wallet's frame (machines/frame.ts) for the toaster and the footer.
import type { FrameSnapshot } from './frame';

/** The toast list is here (its chunk, src/web/view-parts.ts): the toaster draws it. */
export const selectToastsReady = (snapshot: FrameSnapshot | undefined): boolean => Boolean(snapshot?.matches({ toasts: 'ready' }));

/** The footer's language selector and theme switch are here: the footer draws them. */
export const selectFooterControlsShown = (snapshot: FrameSnapshot | undefined): boolean => Boolean(snapshot?.matches({ footerControls: 'shown' }));
