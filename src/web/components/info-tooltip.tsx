// An info icon beside a label with a short explanation (the code screen's). A file of its own so the forms that show
// none (the sign-in's first panel among them) carry neither it nor its style sheet.
import { Icon } from './icons';
import { registerStyles } from '../style-sheets';
import { type ReactElement, useId, useState } from 'react';
import infoTooltipCss from 'bundle-text:./info-tooltip.css';
import { iconPath } from './icon-paths' with { type: 'macro' };

registerStyles(infoTooltipCss);

/** An info icon with a short explanation, shown on hover, keyboard focus or tap; Escape hides it. */
export function InfoTooltip({ label, text }: { label: string; text: string }): ReactElement {
  const [open, setOpen] = useState(false);
  const id = `tip-${useId()}`;
  return (
    <span className="tw-tooltip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="tw-tooltip__trigger"
        aria-label={label}
        aria-describedby={id}
        aria-expanded={open}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((isOpen) => !isOpen)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            // Only the tip closes: the wallet around it stays open.
            event.preventDefault();
            setOpen(false);
          }
        }}
      >
        <Icon path={iconPath('info')} size={16} />
      </button>
      <span role="tooltip" id={id} className="tw-tooltip__bubble" hidden={!open}>
        {text}
      </span>
    </span>
  );
}
