// Whether the person's last interaction with the page was the keyboard (issue 23). A heading the script focuses (on
// a panel's opening, after a step change: shell.tsx, keep-focus.ts) is to ring for keyboard users only, as
// :focus-visible means; but Chromium lets a script's focus match :focus-visible when nothing was pressed yet, so the
// ring showed right after a page load. The wallet's root carries data-keyboard while the last interaction was a
// key, and the heading rule in styles/tokens.css asks for it beside :focus-visible.
import { useEffect, useState } from 'react';

/** A key that moves or acts on the page; a shortcut with Ctrl, Alt or Meta (copy, switch tab) is not keyboard use. */
export const isKeyboardUse = (event: Pick<KeyboardEvent, 'ctrlKey' | 'altKey' | 'metaKey'>): boolean => !event.ctrlKey && !event.altKey && !event.metaKey;

/** True from a key press until the next pointer press, anywhere in the document (the wallet's shadow root included). */
export function useLastInputKeyboard(): boolean {
  const [keyboard, setKeyboard] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isKeyboardUse(event)) setKeyboard(true);
    };
    const onPointerDown = () => setKeyboard(false);
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, []);
  return keyboard;
}
