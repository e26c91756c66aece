// The locale files hold every user-facing string: both languages have the same keys and placeholders, every
// key the code asks for exists, and every key is used somewhere (API error codes and form messages of
// src/contract count as used: they arrive at run time).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../src/contract/errors';
import en from '../../locales/en.json';
import es from '../../locales/es.json';

const root = join(__dirname, '..', '..');
const english: Record<string, string> = en;
const spanish: Record<string, string> = es;

function sourceFiles(dir: string): string[] {
  const full = join(root, dir);
  return readdirSync(full).flatMap((name) => {
    const path = join(full, name);
    if (statSync(path).isDirectory()) return sourceFiles(relative(root, path));
    return /\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

const files = [...sourceFiles('src'), ...sourceFiles('machines')];
const sources = files.map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));

/** Keys the code asks for by literal: t('key'), and notify({ key: 'key' }) style objects in the machines. */
function requestedKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const { path, text } of sources) {
    for (const match of text.matchAll(/\bt\(\s*(['"])([^'"\n]+)\1/g)) keys.set(match[2]!, path);
    if (path.startsWith('machines')) {
      for (const match of text.matchAll(/\bkey:\s*(['"])([a-z][\w.]*)\1/g)) keys.set(match[2]!, path);
    }
  }
  return keys;
}

/** A key counts as used when some source file holds it as a whole quoted string. */
function quotedSomewhere(key: string): boolean {
  return sources.some(({ text }) => [`'${key}'`, `"${key}"`, `\`${key}\``].some((quoted) => text.includes(quoted)));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('locales', () => {
  it('have the same keys in English and Spanish', () => {
    const onlyEnglish = Object.keys(english).filter((key) => !(key in spanish));
    const onlySpanish = Object.keys(spanish).filter((key) => !(key in english));
    expect({ onlyEnglish, onlySpanish }).toEqual({ onlyEnglish: [], onlySpanish: [] });
  });

  it('have a non-empty text with the same placeholders in both languages', () => {
    const problems = Object.keys(english).filter(
      (key) =>
        !english[key]?.trim() ||
        !spanish[key]?.trim() ||
        placeholders(english[key] ?? '').join() !== placeholders(spanish[key] ?? '').join(),
    );
    expect(problems).toEqual([]);
  });

  it('translate into Spanish, not copy the English (product names and formats aside)', () => {
    const same = Object.keys(english).filter(
      (key) => english[key] === spanish[key] && /[a-z]{4,}/i.test(english[key]!.replace(/\{\{\w+\}\}/g, '')),
    );
    expect(same.filter((key) => !['app.name'].includes(key))).toEqual([]);
  });

  it('contain every key the code asks for', () => {
    // A counted string (`i18n.t('tickets.in_days', { count })`) is asked for by its key; the file holds its forms.
    const missing = [...requestedKeys()].filter(([key]) => !(key in english) && !(`${key}_other` in english)).map(([key, path]) => `${key} (${path})`);
    expect(missing).toEqual([]);
  });

  it('hold no key that nothing uses', () => {
    const fromContract = new Set<string>(errorCodes);
    // A plural form (`<key>_one`, `<key>_other`…) is used where i18n.t names its key.
    const pluralBase = (key: string) => key.replace(/_(?:zero|one|two|few|many|other)$/, '');
    const unused = Object.keys(english).filter((key) => !fromContract.has(key) && !quotedSomewhere(key) && !quotedSomewhere(pluralBase(key)));
    expect(unused).toEqual([]);
  });
});

describe('placeholders', () => {
  it('are written {{name}}, as the translator fills them (a single-brace {name} would show as typed)', () => {
    for (const [language, table] of [['en', english], ['es', spanish]] as const) {
      for (const [key, text] of Object.entries(table)) {
        const bare = text.replace(/\{\{\w+\}\}/g, '');
        expect(bare, `${language} ${key}`).not.toMatch(/\{\w+\}/);
      }
    }
  });
});
