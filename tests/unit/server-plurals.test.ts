// The server's counted strings (e-mails) take the language's plural form through Intl.PluralRules, as the web app's
// counted strings do (src/web/i18n.ts): the sign-in code's lifetime reads "1 minute" / "1 minuto", never "1 minutes".
import { describe, expect, it } from 'vitest';
import { translatePlural } from '../../src/server/i18n';

describe('translatePlural', () => {
  it.each([
    ['en', 0, 'It expires in 0 minutes.'],
    ['en', 1, 'It expires in 1 minute.'],
    ['en', 2, 'It expires in 2 minutes.'],
    ['en', 5, 'It expires in 5 minutes.'],
    ['es', 0, 'Caduca en 0 minutos.'],
    ['es', 1, 'Caduca en 1 minuto.'],
    ['es', 2, 'Caduca en 2 minutos.'],
    ['es', 5, 'Caduca en 5 minutos.'],
  ] as const)('%s, %i: %s', (lang, minutes, text) => {
    const mail = translatePlural(lang, 'mail.otp.text', minutes, { code: '123456' });
    expect(mail).toContain(text);
    expect(mail).toContain('123456');
  });
});
