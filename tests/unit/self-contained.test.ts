// A clone of the repository explains itself: no file points at documents outside it (the product notes and the
// architecture live in docs/), and code cites docs/product.md's sections rather than a spec the clone does not have.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// This file names what it looks for; docs/product.md is what the others cite. The decisions (docs/decisions/) are
// held to these rules too, and to their own in tests/unit/decisions.test.ts.
const exempt = new Set(['docs/product.md', 'tests/unit/self-contained.test.ts']);
const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(?:ts|tsx|js|mjs|md|json|html|css|svg|yaml|jsonc)$/.test(file) && !exempt.has(file) && file !== 'package-lock.json');

describe('the repository', () => {
  it.each([
    ['SPEC §', /SPEC §/],
    ['../shared', /\.\.\/shared\b/],
  ])('has no reference to %s outside docs/product.md', (_name, pattern) => {
    const offending = files.filter((file) => pattern.test(readFileSync(file, 'utf8')));
    expect(offending).toEqual([]);
  });
});
