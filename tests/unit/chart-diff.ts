// What differs between a committed chart and the machine's own, in the words of the chart: its Mermaid lines. A
// transition deleted from a machine is a line the committed chart has and the machine's chart lacks; the staleness
// test names it, so a deletion cannot pass as "run npm run charts".
export interface ChartDiff {
  /** Lines of the committed chart the machine no longer has (deleted states and transitions). */
  missingFromMachine: string[];
  /** Lines of the machine's chart the committed one lacks (new states and transitions). */
  newInMachine: string[];
}

const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter((line) => line !== '');

function without(from: string[], other: string[]): string[] {
  const left = new Map<string, number>();
  for (const line of other) left.set(line, (left.get(line) ?? 0) + 1);
  return from.filter((line) => {
    const count = left.get(line) ?? 0;
    if (count === 0) return true;
    left.set(line, count - 1);
    return false;
  });
}

export function chartDiff(committed: string, current: string): ChartDiff {
  const before = lines(committed);
  const after = lines(current);
  return { missingFromMachine: without(before, after), newInMachine: without(after, before) };
}

/** The staleness message: which transitions the machine lost and gained against the committed chart. */
export function staleMessage(path: string, committed: string, current: string): string {
  const { missingFromMachine, newInMachine } = chartDiff(committed, current);
  const list = (title: string, items: string[]) => (items.length ? `\n${title}:\n${items.map((item) => `  - ${item}`).join('\n')}` : '');
  return (
    `${path} differs from its machine` +
    list('in the committed chart, missing from the machine (deleted?)', missingFromMachine) +
    list('in the machine, not in the committed chart', newInMachine) +
    '\nIf the change is meant, run npm run charts and commit the charts with it.'
  );
}
