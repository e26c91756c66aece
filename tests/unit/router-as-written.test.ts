// The router (machines/router.ts) reads as its chart: every panel's state is written out, none is built by a function,
// a conditional spread or a cast (`as never`). Because the panels are written by hand, this also holds them to the
// registry (machines/tabs.ts): one state per flow, in registry order, each invoking its flow by its id, the sign-in
// flow's across its tabs, and the "Discard?" question exactly on the flows that ask before closing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walletMachine } from '../../machines/wallet';
import { asksBeforeClosing, flowIds, tabsOfFlow } from '../../machines/tabs';
import { repositoryRoot } from '../support/source-files';

/** What keeps a machine config from being read as written: each finding names its line. */
export function unreadableConfig(source: string): string[] {
  const rules: Array<[RegExp, string]> = [
    [/\bas never\b/, '`as never`'],
    [/\.\.\.\s*\(/, 'a spread of a computed expression (`...(cond ? … : …)`)'],
    [/\bfunction\b/, 'a function (a template building states)'],
    [/=>\s*(walletSetup\.createStateConfig\(|\(\{\s*(initial|states|always|invoke|on)\b)/, 'an arrow building a state'],
    [/\bflowIds\b|Object\.fromEntries/, 'states generated from a list'],
  ];
  return source.split('\n').flatMap((line, index) =>
    line.trimStart().startsWith('//') || line.trimStart().startsWith('*')
      ? []
      : rules.filter(([pattern]) => pattern.test(line)).map(([, what]) => `line ${index + 1}: ${what}`),
  );
}

type Node = { key: string; states: Record<string, Node>; invoke: Array<{ id: string; src: unknown }>; always?: Array<{ target?: Array<{ key: string }>; guard?: { params?: unknown } }> };

describe('the router as written', () => {
  it('finds what a reader could not see as written', () => {
    expect(unreadableConfig("invoke: { id: flow, src: flow } as never,")).toHaveLength(1);
    expect(unreadableConfig("running: { ...(asksBeforeClosing(flow) ? closingQuestion(flow) : {}) },")).toHaveLength(1);
    expect(unreadableConfig('function flowState(flow: FlowId) {')).toHaveLength(1);
    expect(unreadableConfig("const panel = (flow: FlowId) => ({ initial: 'loading' });")).toHaveLength(1);
    expect(unreadableConfig('...(Object.fromEntries(flowIds.map((flow) => [flow, flowState(flow)])))').length).toBeGreaterThan(0);
    expect(unreadableConfig("qr: qrPanel,\n  ...doc('The QR panel'),\n// a function, as never")).toEqual([]);
  });

  it('has no template function, conditional spread or `as never` in machines/router.ts', () => {
    expect(unreadableConfig(readFileSync(join(repositoryRoot, 'machines/router.ts'), 'utf8'))).toEqual([]);
  });

  const tab = (walletMachine.root as unknown as Node).states.panel!.states.open!.states.tab!;

  it("writes one panel state per flow of the registry, in the registry's order, and routes to each", () => {
    expect(Object.keys(tab.states)).toEqual(['routing', 'none', ...flowIds]);
    const routes = (tab.states.routing!.always ?? []).map((transition) => ({
      target: transition.target?.[0]?.key,
      flow: (transition.guard?.params as { flow?: string } | undefined)?.flow,
    }));
    expect(routes).toEqual([...flowIds.map((flow) => ({ target: flow, flow })), { target: 'none', flow: undefined }]);
  });

  it.each(flowIds)('the %s panel invokes its flow by its id, with the sign-in tabs and "Discard?" only where its row says', (flow) => {
    const panel = tab.states[flow]!;
    expect(Object.keys(panel.states)).toEqual(['loading', 'failed', 'running', 'crashed']);
    const running = panel.states.running!;
    expect(running.invoke.map(({ id, src }) => ({ id, src }))).toEqual([{ id: flow, src: flow }]);
    expect(panel.states.loading!.invoke.map(({ id }) => id)).toEqual(['loadPanel']);
    const expected = [...(tabsOfFlow(flow).length > 1 ? ['showing', 'shown', 'screenFailed'] : []), ...(asksBeforeClosing(flow) ? ['editing', 'asking', 'discarding'] : [])];
    expect(Object.keys(running.states)).toEqual(expected);
  });
});
