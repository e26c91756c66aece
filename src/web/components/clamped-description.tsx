// A description clamped to 3 lines (docs/product.md §9) with Read more / Read less. Whether it is expanded is the machine's;
// whether the text is long enough to need the control is layout, measured here (purely visual state).
import { Icon } from './icons';
import { LinkButton } from './button';
import { registerStyles } from '../style-sheets';
import { type ReactElement, useId, useLayoutEffect, useRef, useState } from 'react';
import { SafeHtml } from '../safe-html';
import clampedDescriptionCss from 'bundle-text:./clamped-description.css';
import { i18n } from '../i18n';
import { iconPath } from './icon-paths' with { type: 'macro' };

registerStyles(clampedDescriptionCss);

interface ClampedDescriptionProps {
  html: string;
  expanded: boolean;
  onToggle: () => void;
}

export function ClampedDescription({ html, expanded, onToggle }: ClampedDescriptionProps): ReactElement {
  const boxRef = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(true);
  const id = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text is measured again, though the effect reads it from the DOM, not from `html`
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box || expanded) return;
    // Without layout (clientHeight 0) the control stays: the text may be longer than three lines.
    const measure = () => setOverflows(box.clientHeight === 0 || box.scrollHeight > box.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [html, expanded]);

  return (
    <div className="tw-description">
      <div ref={boxRef} id={id} className="tw-description__text" data-clamped={!expanded || undefined}>
        <SafeHtml html={html} />
      </div>
      {overflows || expanded ? (
        <LinkButton
          className="tw-description__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={onToggle}
        >
          {expanded ? i18n.t('ticket.read_less') : i18n.t('ticket.read_more')}
          <Icon path={iconPath('chevronDown')} size={16} style={expanded ? { transform: 'rotate(180deg)' } : undefined} />
        </LinkButton>
      ) : null}
    </div>
  );
}
