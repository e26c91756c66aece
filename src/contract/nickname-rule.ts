// The nickname's rule, apart from forms.ts because of its single-script test: that table of scripts is only carried
// by the chunks whose forms have a nickname (settings), never by the sign-in chunks.
import { type FormRules, nameCleaning, type TextRule } from './forms';

/** Letters of these scripts count as one script each (Han, kana and Hangul together: CJK names mix them). */
const SCRIPTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Bengali', /\p{Script=Bengali}/u],
  ['Tamil', /\p{Script=Tamil}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u],
];

/** Whether the letters of a text all belong to one script (digits and punctuation belong to none). */
export function isSingleScript(text: string): boolean {
  const seen = new Set<string>();
  for (const char of text) {
    if (!/\p{L}/u.test(char)) continue;
    seen.add(SCRIPTS.find(([, regex]) => regex.test(char))?.[0] ?? 'other');
  }
  return seen.size <= 1;
}

/**
 * Nickname: the part before the unchangeable '#suffix'; a hash inside would be ambiguous. Others find a user by it,
 * so it is in one script: 'pаypal' with a Cyrillic 'а' cannot pass for 'paypal'.
 */
export const nicknameRule: TextRule = {
  requiredKey: 'username_is_required',
  emptyKey: 'form.username_empty',
  clean: nameCleaning,
  maxLength: { length: 32, key: 'form.username_too_long' },
  pattern: { regex: /^[^#\s]+$/u, key: 'form.username_invalid' },
  // The letters are of one script, so the nickname cannot imitate another with look-alike letters.
  refine: { test: isSingleScript, key: 'form.username_mixed_scripts' },
};

export const nicknameForm = { nickname: nicknameRule } satisfies FormRules<'nickname'>;
