// Panel footer: the footnote, and the language selector and theme switch (footer-controls.tsx), which are not
// needed to draw the first panel: they load once it is on screen, in a slot that keeps their place.
import { lazy, type ReactElement, Suspense, useEffect, useState } from 'react';
import { afterFirstPanel } from '../first-panel';
import type { Language } from '../../contract/languages';
import type { ThemeSetting } from '../theme-setting';
import footerCss from 'bundle-text:./footer.css';
import { registerStyles } from '../style-sheets';
import { i18n } from '../i18n';

registerStyles(footerCss);

const FooterControls = lazy(() => import('./footer-controls'));

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
  const [controlsWanted, setControlsWanted] = useState(false);
  useEffect(() => afterFirstPanel(() => setControlsWanted(true)), []);
  return (
    <footer className="tw-footer">
      <div className="tw-footer__inner">
        <p className="tw-footnote">{i18n.t('footer.note', { name: orgName ?? i18n.t('app.name') })}</p>
        <div className="tw-footer__controls">
          {controlsWanted ? (
            <Suspense fallback={null}>
              <FooterControls {...controls} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
