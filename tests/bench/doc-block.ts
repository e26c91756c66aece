// The generated blocks of docs/performance.md: each bench replaces its own block between two markers, or appends it
// under a heading the first time, leaving the rest of the file as it is.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const PERFORMANCE_DOC = 'docs/performance.md';

export function writeDocBlock(marker: string, heading: string, lines: string[]): void {
  const start = `<!-- bench:${marker}:start -->`;
  const end = `<!-- bench:${marker}:end -->`;
  const block = [start, ...lines, end].join('\n');
  const current = existsSync(PERFORMANCE_DOC) ? readFileSync(PERFORMANCE_DOC, 'utf8') : '# Performance\n\n';
  // A function, not a string, as the replacement: the block may hold `$1` (query parameters in the plans).
  const next = current.includes(start)
    ? current.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => block)
    : `${current.trimEnd()}\n\n## ${heading}\n\n${block}\n`;
  writeFileSync(PERFORMANCE_DOC, next);
}
