// Panel footer: language selector (each language named in itself), theme switch (a radio group: arrow keys
// move the choice) and the footnote.
import { type KeyboardEvent, type ReactElement, useId, useRef } from 'react';
import { type Locale, locales, t } from '../i18n';
import { type ThemeSetting, themeSettings } from '../theme-setting';
import { Icon } from './icons';
import footerCss from 'bundle-text:./footer.css';
import { registerStyles } from '../style-sheets';
import { iconPath } from './icon-paths' with { type: 'macro' };

registerStyles(footerCss);

interface FooterProps {
  locale: Locale;
  onLocaleChange: (locale: Locale) => void;
  theme: ThemeSetting;
  onThemeChange: (theme: ThemeSetting) => void;
  orgName?: string | undefined;
}

export function Footer({ locale, onLocaleChange, theme, onThemeChange, orgName }: FooterProps): ReactElement {
  return (
    <footer className="tw-footer">
      <div className="tw-footer__inner">
        <p className="tw-footnote">{t('footer.note', { name: orgName ?? t('app.name') })}</p>
        <div className="tw-footer__controls">
          <LanguageSelect value={locale} onChange={onLocaleChange} />
          <ThemeSwitch value={theme} onChange={onThemeChange} />
        </div>
      </div>
    </footer>
  );
}

const nativeNames: Record<Locale, string> = { en: 'English', es: 'Español' };

export function LanguageSelect({ value, onChange }: { value: Locale; onChange: (locale: Locale) => void }): ReactElement {
  const id = useId();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <Icon path={iconPath('globe')} size={16} />
      <label htmlFor={id} className="tw-sr-only">
        {t('footer.language')}
      </label>
      <select id={id} className="tw-select" value={value} onChange={(event) => onChange(event.target.value as Locale)}>
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {nativeNames[locale]}
          </option>
        ))}
      </select>
    </span>
  );
}

const icons: Record<ThemeSetting, string> = { light: iconPath('sun'), system: iconPath('monitor'), dark: iconPath('moon') };
const labels: Record<ThemeSetting, string> = { light: 'theme.light', system: 'theme.system', dark: 'theme.dark' };

export function ThemeSwitch({ value, onChange }: { value: ThemeSetting; onChange: (value: ThemeSetting) => void }): ReactElement {
  const groupRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = themeSettings[(themeSettings.indexOf(value) + step + themeSettings.length) % themeSettings.length] ?? value;
    onChange(next);
    groupRef.current?.querySelector<HTMLElement>(`[data-value="${next}"]`)?.focus();
  };
  return (
    <div ref={groupRef} className="tw-segmented" role="radiogroup" aria-label={t('theme.label')} onKeyDown={onKeyDown}>
      {themeSettings.map((setting) => (
        <button
          key={setting}
          type="button"
          role="radio"
          data-value={setting}
          className="tw-segmented__option"
          aria-checked={setting === value}
          aria-label={t(labels[setting])}
          title={t(labels[setting])}
          tabIndex={setting === value ? 0 : -1}
          onClick={() => onChange(setting)}
        >
          <Icon path={icons[setting]} size={16} />
        </button>
      ))}
    </div>
  );
}
