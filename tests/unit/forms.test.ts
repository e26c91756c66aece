// The form rules are read twice: checkText in the browser's machines, textSchema on the server. For any input both
// readings must agree: the same verdict, the same cleaned value, the same first error key.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textSchema } from '../../src/contract/form-schemas';
import {
  checkText,
  emailRule,
  firstNameRule,
  lastNameRule,
  otpRule,
  phoneNumberRule,
  redeemCodeRule,
  type TextRule,
} from '../../src/contract/forms';
import { checkResellPrice } from '../../src/contract/money-rule';
import { nicknameRule } from '../../src/contract/nickname-rule';
import { resellPriceSchema } from '../../src/contract/form-schemas';

const rules: Record<string, TextRule> = {
  email: emailRule,
  otp: otpRule,
  firstName: firstNameRule,
  lastName: lastNameRule,
  nickname: nicknameRule,
  phoneNumber: phoneNumberRule,
  redeemCode: redeemCodeRule,
};

/** Texts near each rule's edges: blanks, digits, e-mail-like, hashes, long runs, odd characters. */
const texts = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(' ', '-', '#', '@', '.', 'a', 'Z', '1', '+', '\t', 'é'), maxLength: 30 }),
  // Look-alike, invisible and control characters: full-width, Cyrillic, zero-width, soft hyphen, bidi, NUL, DEL.
  fc.string({ unit: fc.constantFrom('a', 'Ａ', 'а', 'α', '漢', 'か', '\u200B', '\u00AD', '\u202E', '\u0000', '\u007F', '\n', ' ', '1'), maxLength: 20 }),
  fc.stringMatching(/^ ?[a-zA-Z0-9._+-]{1,12}@[a-z]{1,8}\.[a-z]{2,4} ?$/),
  fc.stringMatching(/^ ?\+?[0-9 -]{0,20} ?$/),
  fc.string({ minLength: 90, maxLength: 300 }),
);
const inputs = fc.oneof(texts, fc.constant(undefined), fc.constant(null), fc.integer());

describe('form rules', () => {
  it.each(Object.entries(rules))('checkText and the server schema agree on %s', (_, rule) => {
    const schema = textSchema(rule);
    fc.assert(
      fc.property(inputs, (input) => {
        const browser = checkText(rule, input);
        const server = schema.safeParse(input);
        expect(server.success).toBe(browser.ok);
        if (browser.ok && server.success) expect(server.data).toBe(browser.value);
        if (!browser.ok && !server.success) expect(server.error.issues[0]?.message).toBe(browser.error);
      }),
      { numRuns: 400 },
    );
  });

  it('reads docs/product.md §5 messages', () => {
    expect(checkText(emailRule, undefined)).toEqual({ ok: false, error: 'form.email_required' });
    expect(checkText(emailRule, '  ')).toEqual({ ok: false, error: 'form.email_required' });
    expect(checkText(emailRule, 'sam@')).toEqual({ ok: false, error: 'form.email_invalid' });
    // A too-long address says it is too long, not that it is not an e-mail.
    expect(checkText(emailRule, `${'a'.repeat(250)}@example.com`)).toEqual({ ok: false, error: 'form.email_too_long' });
    expect(checkText(emailRule, ' Sam@Example.COM ')).toEqual({ ok: true, value: 'sam@example.com' });
    expect(checkText(otpRule, '12345')).toEqual({ ok: false, error: 'form.code_length' });
    expect(checkText(firstNameRule, ' ')).toEqual({ ok: false, error: 'form.first_name_empty' });
    expect(checkText(nicknameRule, 'sam#1')).toEqual({ ok: false, error: 'form.username_invalid' });
    expect(checkText(phoneNumberRule, '+61 400-000-001')).toEqual({ ok: true, value: '+61400000001' });
    expect(checkText(redeemCodeRule, '')).toEqual({ ok: false, error: 'code_is_required' });
  });

  it('checks the resale price as the server does: required, positive, in cents, below max + 0.001', () => {
    for (const price of [null, Number.NaN, -1, 0, 0.004, 0.29, 50, 59.99, 60, 60.0009, 60.001, 60.002, 60.01, Number.POSITIVE_INFINITY]) {
      const browser = checkResellPrice(price, 60);
      const server = resellPriceSchema(60).safeParse(price ?? undefined);
      expect(server.success, String(price)).toBe(browser === null);
    }
    expect(checkResellPrice(60, 60)).toBeNull();
    expect(checkResellPrice(0.29, 60)).toBeNull();
    // More than 2 decimals is not money (issue 7: 0.004 was listed at $0.00).
    expect(checkResellPrice(60.0009, 60)).toBe('form.price_decimals');
    expect(checkResellPrice(0.004, 60)).toBe('form.price_decimals');
    // Each broken rule says which: over the maximum, zero or less (the server refuses the same prices).
    expect(checkResellPrice(60.001, 60)).toBe('form.price_too_high');
    expect(checkResellPrice(1000, 60)).toBe('form.price_too_high');
    expect(checkResellPrice(0, 60)).toBe('form.price_positive');
    expect(checkResellPrice(-5, 60)).toBe('form.price_positive');
    expect(checkResellPrice(12.345, 60)).toBe('form.price_decimals');
    expect(checkResellPrice(null, 60)).toBe('form.price_required');
  });

  it('normalises names, removes invisible characters before the required check, and keeps a nickname in one script', () => {
    expect(checkText(firstNameRule, '\u200B \u2060')).toEqual({ ok: false, error: 'form.first_name_empty' });
    expect(checkText(firstNameRule, 'Ａｌｅ\u00ADx')).toEqual({ ok: true, value: 'Alex' });
    expect(checkText(lastNameRule, 'Ri\u0000vera')).toEqual({ ok: false, error: 'form.invalid_characters' });
    expect(checkText(nicknameRule, 'p\u0430ypal')).toEqual({ ok: false, error: 'form.username_mixed_scripts' });
    expect(checkText(nicknameRule, 'алекс_2')).toEqual({ ok: true, value: 'алекс_2' });
    expect(checkText(nicknameRule, '山田たろう')).toEqual({ ok: true, value: '山田たろう' });
    expect(checkText(nicknameRule, 'ｓａｍ＃1')).toEqual({ ok: false, error: 'form.username_invalid' });
  });
});
