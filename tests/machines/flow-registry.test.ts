// The registry (machines/tabs.ts) is the one list of the wallet's flows: every other list is derived from its rows.
// This scans the code for a list written by hand (several flow ids as keys or string literals close together),
// so adding a flow stays one row plus the flow's own files (docs/machines.md, "Adding a flow").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lazyFlowIds } from '../../machines/tabs';
import { helpTopics } from '../../src/host/site-pages';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/**
 * The registry itself, and the two checked mirrors of it: machines/index.ts must hold every machine definition without
 * waiting for a chunk (there is no top-level await in the bundle), so it imports the flows' machines, and TypeScript
 * fails unless they are exactly the registry's (`satisfies FlowMachines`); machines/router.ts writes each flow's panel
 * state out, to be read as a chart, and tests/unit/router-as-written.test.ts fails unless its panels are exactly the
 * registry's flows, in its order.
 */
const allowed = new Set(['machines/tabs.ts', 'machines/index.ts', 'machines/router.ts', 'src/host/site-pages.ts', 'tests/machines/error-outcomes.test.ts']);
// tests/machines/error-outcomes.test.ts keys its excuses by machine: the machines it checks come from the registry, and
// a machine it does not name simply has none.
// The demo site's help centre (src/host/site-pages.ts `helpTopics`) is content in reading order, not a list the wallet
// runs on; its chapters are checked against the registry below instead.
/** Icons share some names with flows (`iconPath('gift')`): the icon table and icon names are not lists of flows. */
const iconTable = 'src/web/components/icon-paths.ts';

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const WINDOW = 12;
/** How many flows a hand-written list names at least (two often meet by chance: the ticket and its gift). */
const LIST = 4;

/** Windows of lines where LIST or more flows are named as `'id'` or `id:` (a list or a map of flows). */
export function handWrittenLists(source: string, flows: readonly string[]): string[] {
  const lines = source.split('\n');
  const named = lines.map((line) => line.replace(/iconPath\('[a-z-]+'\)/g, '')).map(
    (line) => new Set(flows.filter((flow) => new RegExp(`['"\`]${flow}['"\`]|(^|[\\s{,])${flow}\\s*:`).test(line))),
  );
  const found: string[] = [];
  for (let start = 0; start < lines.length; start++) {
    const flowsHere = new Set(named.slice(start, start + WINDOW).flatMap((set) => [...set]));
    if (flowsHere.size >= LIST) {
      found.push(`line ${start + 1}: ${[...flowsHere].join(', ')}`);
      start += WINDOW - 1;
    }
  }
  return found;
}

describe('the flow registry', () => {
  const files = ['machines', 'src', 'tests'].flatMap((directory) => sourceFiles(join(root, directory)));

  it('finds a hand-written list of flows', () => {
    expect(handWrittenLists("const flows = ['login', 'qr',\n  'gift', 'swap'];", lazyFlowIds)).toHaveLength(1);
    expect(handWrittenLists('const children = {\n  login: stub,\n  qr: stub,\n  ticket: stub,\n  resell: stub,\n};', lazyFlowIds)).toHaveLength(1);
    expect(handWrittenLists("send({ type: 'panel.open', tab: 'QR' }); useChild('gift');", lazyFlowIds)).toEqual([]);
  });

  it('is the only list of flows in machines/, src/ and tests/', () => {
    const offenders = files
      .map((file) => relative(root, file))
      .filter((file) => !allowed.has(file) && file !== iconTable && file !== 'tests/machines/flow-registry.test.ts')
      .flatMap((file) => handWrittenLists(readFileSync(join(root, file), 'utf8'), lazyFlowIds).map((where) => `${file} ${where}`));
    expect(offenders).toEqual([]);
  });

  it("names only the registry's flows in the help centre's chapters (signing in aside), and has one for each task flow", () => {
    const chapters: readonly string[] = helpTopics.map((topic) => topic.id);
    expect(chapters.filter((topic) => topic !== 'sign_in' && !lazyFlowIds.includes(topic as never))).toEqual([]);
    expect(['qr', 'gift', 'swap', 'resell', 'redeem'].filter((flow) => lazyFlowIds.includes(flow as never) && !chapters.includes(flow))).toEqual([]);
  });
});
