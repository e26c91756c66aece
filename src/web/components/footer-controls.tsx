// The footer's controls: the language selector (each language named in itself) and the theme switch (a radio
// group: arrow keys move the choice). Loaded after the first panel (footer.tsx).
import { Icon } from './icons';
import { registerStyles } from '../style-sheets';
import { type KeyboardEvent, type ReactElement, useId, useRef } from 'react';
import { type Language, languages } from '../../contract/languages';
import { type ThemeSetting, themeSettings } from '../theme-setting';
import type { FooterControlsProps } from './footer';
import footerControlsCss from 'bundle-text:./footer-controls.css';
import { i18n } from '../i18n';
import { iconPath } from './icon-paths' with { type: 'macro' };

registerStyles(footerControlsCss);

export default function FooterControls({ locale, onLocaleChange, theme, onThemeChange }: FooterControlsProps): ReactElement {
  return (
    <>
      {onLocaleChange ? <LanguageSelect value={locale} onChange={onLocaleChange} /> : null}
      <ThemeSwitch value={theme} onChange={onThemeChange} />
    </>
  );
}

const nativeNames: Record<Language, string> = { en: 'English', es: 'Español' };

export function LanguageSelect({ value, onChange }: { value: Language; onChange: (locale: Language) => void }): ReactElement {
  const id = useId();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <Icon path={iconPath('globe')} size={16} />
      <label htmlFor={id} className="tw-sr-only">
        {i18n.t('footer.language')}
      </label>
      <select id={id} className="tw-select" value={value} onChange={(event) => onChange(event.target.value as Language)}>
        {languages.map((locale) => (
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
    <div ref={groupRef} className="tw-segmented" role="radiogroup" aria-label={i18n.t('theme.label')} onKeyDown={onKeyDown}>
      {themeSettings.map((setting) => (
        <button
          key={setting}
          type="button"
          role="radio"
          data-value={setting}
          className="tw-segmented__option"
          aria-checked={setting === value}
          aria-label={i18n.t(labels[setting])}
          title={i18n.t(labels[setting])}
          tabIndex={setting === value ? 0 : -1}
          onClick={() => onChange(setting)}
        >
          <Icon path={icons[setting]} size={16} />
        </button>
      ))}
    </div>
  );
}
