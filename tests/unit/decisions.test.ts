// The decisions are a reference (docs/decisions/README.md): one file per decision with its heading, status and three
// parts, no issue numbers (a decision says what the work was), an index that lists every file, and every citation of
// a decision's number in the repository names a file that exists.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = 'docs/decisions';
const decisions = readdirSync(dir)
  .filter((file) => file.endsWith('.md') && file !== 'README.md')
  .sort();
const text = (file: string) => readFileSync(`${dir}/${file}`, 'utf8');
const numbers = new Set(decisions.map((file) => file.slice(0, 4)));
// "issue 7", "issues 18 and 22", "#31" (an issue reference; `owner/repo#N` upstream and "PKCS #8" are not ours).
const issueNumber = /\bissues? #?\d+|(?<![\w/]|PKCS )#\d+\b/i;

describe('docs/decisions/', () => {
  it('holds decisions named NNNN-kebab-title.md, numbered 0001 upward without gaps', () => {
    expect(decisions.length).toBeGreaterThan(0);
    for (const file of decisions) expect(file).toMatch(/^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/);
    expect(decisions.map((file) => Number(file.slice(0, 4)))).toEqual(decisions.map((_, i) => i + 1));
  });

  it.each(decisions)('%s has its heading, a status, Context, Decision and Consequences', (file) => {
    const body = text(file);
    expect(body.split('\n')[0]).toMatch(new RegExp(`^# ${file.slice(0, 4)}\\. \\S`));
    const status = /^Status: (.+)$/m.exec(body)?.[1] ?? '';
    expect(status).toMatch(/^(?:current|superseded)\b/);
    for (const cited of status.match(/\b\d{4}\b/g) ?? []) expect(numbers.has(cited)).toBe(true);
    const parts = [...body.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(parts).toEqual(['Context', 'Decision', 'Consequences']);
    for (const part of body.split(/^## (?:Context|Decision|Consequences)$/m).slice(1)) expect(part.trim()).not.toBe('');
  });

  it.each([...decisions, 'README.md'])('%s names no issue number', (file) => {
    expect(text(file).split('\n').filter((line) => issueNumber.test(line))).toEqual([]);
  });

  it('has an index that lists every decision, with its title and status', () => {
    const readme = text('README.md');
    for (const file of decisions) {
      const body = text(file);
      const title = (body.split('\n')[0] ?? '').replace(/^# \d{4}\. /, '');
      const status = /^Status: (.+)$/m.exec(body)?.[1];
      expect(readme).toContain(`| ${file.slice(0, 4)} | [${title}](${file}) | ${status} |`);
    }
  });

  it('is what the repository cites: every docs/decisions/NNNN… path exists, and nothing cites docs/decisions.md', () => {
    const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.(?:ts|tsx|js|mjs|md|json|jsonc|html|css|yaml|yml)$/.test(file) && file !== 'package-lock.json');
    const missing: string[] = [];
    const oldLog: string[] = [];
    for (const file of files) {
      const body = readFileSync(file, 'utf8');
      if (body.includes('docs/decisions.md') && file !== 'tests/unit/decisions.test.ts') oldLog.push(file);
      for (const match of body.matchAll(/(?:docs\/)?decisions\/(\d{4}-[a-z0-9-]+\.md)|\(\[\d{4}\]\((\d{4}-[a-z0-9-]+\.md)\)/g)) {
        const cited = match[1] ?? match[2] ?? '';
        if (!decisions.includes(cited)) missing.push(`${file}: ${cited}`);
      }
      for (const match of body.matchAll(/\bdecisions? (\d{4})\b/g)) {
        if (!numbers.has(match[1] ?? '')) missing.push(`${file}: decision ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
    expect(oldLog).toEqual([]);
  });
});
