// Panel footer: the footnote, and the language selector and theme switch (footer-controls.tsx), which are not
// needed to draw the first panel: the frame machine (machines/frame.ts) downloads them once it is on screen, and
// they are drawn in a slot that keeps their place.
import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import { selectFooterControlsShown } from '../../../machines/frame.selectors';
import { loadedPart } from '../view-parts';
import { useChild } from '../wallet-config';
import type { Language } from '../../contract/languages';
import type { ThemeSetting } from '../theme-setting';
import footerCss from 'bundle-text:./footer.css';
import { registerStyles } from '../style-sheets';
import { i18n } from '../i18n';

registerStyles(footerCss);

export interface FooterControlsProps {
  locale: Language;
  /** Absent when the host page chose the language (data-locale, open({ locale })): no selector then. */
  onLocaleChange?: ((locale: Language) => void) | undefined;
  theme: ThemeSetting;
  onThemeChange: (theme: ThemeSetting) => void;
}

interface FooterProps extends FooterControlsProps {
  orgName?: string | undefined;
}

export function Footer({ orgName, ...controls }: FooterProps): ReactElement {
  const shown = useSelector(useChild('frame'), selectFooterControlsShown);
  const FooterControls = shown ? loadedPart('footerControls')?.default : undefined;
  return (
    <footer className="tw-footer">
      <div className="tw-footer__inner">
        <p className="tw-footnote">{i18n.t('footer.note', { name: orgName ?? i18n.t('app.name') })}</p>
        <div className="tw-footer__controls">
          {FooterControls ? <FooterControls {...controls} /> : null}
        </div>
      </div>
    </footer>
  );
}
