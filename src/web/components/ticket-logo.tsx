// The ticket type's logo in an icon tile, or a ticket glyph when there is none or it does not load: My tickets'
// cards, the single ticket and the event card of gift, swap and resell.
import { Icon } from './icons';
import { type ReactElement, useState } from 'react';
import { iconPath } from './icon-paths' with { type: 'macro' };

/** The ticket type's logo, or a ticket glyph when there is none or it does not load. */
export function TicketLogo({ src, size = 56 }: { src: string | null; size?: number }): ReactElement {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span className="tw-icon-tile tw-icon-tile--logo tw-ticket-logo" style={{ width: size, height: size }} aria-hidden="true">
      {src && failed !== src ? <img src={src} alt="" onError={() => setFailed(src)} /> : <Icon path={iconPath('ticket')} size={Math.round(size * 0.45)} />}
    </span>
  );
}
