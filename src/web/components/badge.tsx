// A pill for a status: days until the event or live, used or unused (a benefit, the event access).
import { registerStyles } from '../style-sheets';
import type { ReactElement, ReactNode } from 'react';
import badgeCss from 'bundle-text:./badge.css';

registerStyles(badgeCss);

export type BadgeTone = 'primary' | 'success' | 'muted' | 'live';

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }): ReactElement {
  return (
    <span className="tw-badge" data-tone={tone}>
      {children}
    </span>
  );
}
