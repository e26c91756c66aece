// The wallet's rosetta instance (src/web/i18n.ts): the language from the page's path or the host's choice, the
// lazy screens' strings merged in by rosetta's set, counted strings through Intl.PluralRules, and what a missing key
// reads.
import { afterEach, describe, expect, it } from 'vitest';
import { languageOf } from '../../src/contract/languages';
import { i18n, loadStrings, strings } from '../../src/web/i18n';
import { frameStrings, screenStrings } from '../../src/web/locale-strings';
import { mountWallet } from '../../src/embed/mount';
import en from '../../locales/en.json';
import es from '../../locales/es.json';

afterEach(() => i18n.locale('en'));

describe('the language', () => {
  it("is the path's first segment once its strings are loaded", async () => {
    const language = languageOf('/es/events/123');
    await loadStrings(language);
    i18n.locale(language);
    expect(i18n.locale()).toBe('es');
    expect(i18n.t('common.loading')).toBe(es['common.loading']);
    i18n.locale(languageOf('/events/123'));
    expect(i18n.t('common.loading')).toBe(en['common.loading']);
  });

  it("is the host's choice over the path when mounting (data-locale, open({ locale }))", async () => {
    window.history.replaceState(null, '', '/en/events');
    const target = document.createElement('div');
    document.body.append(target);
    const mounted = await mountWallet({ apiBase: 'http://127.0.0.1:1' }, target, { tokens: '', launcher: '', language: 'es' });
    expect(i18n.locale()).toBe('es');
    mounted.unmount();
  });
});

describe('the lazy chunks', () => {
  it("merge into English without losing the frame's strings", () => {
    const fresh = strings('en', { 'common.loading': 'Loading' });
    const before = i18n.t('common.loading');
    i18n.set('en', strings('en', screenStrings(['qr'])));
    expect(i18n.t('common.loading')).toBe(before);
    expect(i18n.t('qr.updates_automatically')).toBe(en['qr.updates_automatically']);
    expect(fresh).toEqual({ common: { loading: 'Loading' } });
  });

  it('each own whole first segments, so rosetta’s one-level merge keeps every key', () => {
    const frame = Object.keys(strings('en', frameStrings()));
    const screen = Object.keys(strings('en', screenStrings('LOGIN')));
    expect(screen.length).toBeGreaterThan(0);
    expect(screen.filter((segment) => frame.includes(segment))).toEqual([]);
    i18n.set('en', strings('en', screenStrings('LOGIN')));
    for (const [key, text] of Object.entries({ ...frameStrings(), ...screenStrings('LOGIN') })) {
      // Placeholders read as the params fill them; none here, so compare the rest.
      expect(i18n.t(key), key).toBe(text.replace(/{{.*?}}/g, ''));
    }
  });
});

describe('counted strings', () => {
  const table = { 'x.apples_one': '{{count}} apple', 'x.apples_other': '{{count}} apples', 'x.plain': 'no count' };

  it.each([
    ['en', 0, 'apples'],
    ['en', 1, 'apple'],
    ['en', 2, 'apples'],
    ['es', 0, 'apples'],
    ['es', 1, 'apple'],
    ['es', 1_000_000, 'apples'],
  ] as const)('%s, %i: the form Intl.PluralRules picks, "_other" when the file has no such form', async (language, count, noun) => {
    await loadStrings(language);
    i18n.set(language, strings(language, table));
    expect(i18n.t('x.apples', { count }, language)).toBe(`${count} ${noun}`);
    expect(new Intl.PluralRules(language).select(count)).toBe(count === 1 ? 'one' : language === 'es' && count === 1_000_000 ? 'many' : 'other');
  });

  it('are functions in the tree, beside their forms', () => {
    const tree = strings('en', table) as { x: Record<string, unknown> };
    expect(typeof tree.x.apples).toBe('function');
    expect(tree.x.apples_one).toBe('{{count}} apple');
    expect(tree.x.plain).toBe('no count');
  });

  it('read the locale files in English and Spanish', async () => {
    await loadStrings('es');
    i18n.locale('es');
    expect(i18n.t('api.retry_after_seconds', { count: 1 })).toBe(es['api.retry_after_seconds_one'].replace('{{count}}', '1'));
    i18n.locale('en');
    expect(i18n.t('api.retry_after_seconds', { count: 3 })).toBe(en['api.retry_after_seconds_other'].replace('{{count}}', '3'));
  });
});

describe('a missing key', () => {
  it("reads '' (rosetta's answer), so a code from the server falls back with ||", () => {
    expect(i18n.t('api.no_such_code')).toBe('');
    expect(i18n.t('api.no_such_code') || i18n.t('request_failed')).toBe(en.request_failed);
  });

  it('has no English fallback in Spanish: the locale files hold every key in both (tests/web/locales.test.ts)', async () => {
    await loadStrings('es');
    i18n.set('en', { only_english: 'Only English' });
    i18n.locale('es');
    expect(i18n.t('only_english')).toBe('');
  });
});
