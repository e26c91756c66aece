// A machine's graph as Mermaid (stateDiagram-v2), for reading a chart where SVG is not shown (a diff, a review
// comment). Compound states nest, a parallel state's regions are separated by `--`, each transition sits in the
// nearest state that holds both its ends, and an invoked actor is a line of its state's description.
import type { ChartGraph, ChartState, ChartTransition } from './graph';

const ident = (path: string, machineId: string) => (path === '' ? machineId : `${machineId}_${path}`).replace(/[^A-Za-z0-9_]/g, '_');
/** Mermaid reads `:`, `;`, `#` and `{}` as syntax in a label. */
const text = (value: string) => value.replace(/[:;#{}]/g, (char) => ({ ':': ' ', ';': ',', '#': '№', '{': '(', '}': ')' })[char]!).replace(/\s+/g, ' ').trim();

export function chartMermaid(graph: ChartGraph): string {
  const byId = new Map(graph.states.map((state) => [state.id, state]));
  const children = new Map<string, ChartState[]>();
  for (const state of graph.states) if (state.parent) children.set(state.parent, [...(children.get(state.parent) ?? []), state]);
  const ancestors = (id: string): string[] => {
    const chain: string[] = [];
    for (let current: string | null | undefined = id; current; current = byId.get(current)?.parent) chain.push(current);
    return chain;
  };
  /** The nearest state that holds both ends (a transition to itself sits in its state's parent). */
  const holder = (source: string, target: string): string => {
    const up = new Set(ancestors(target));
    for (const candidate of ancestors(source)) if (up.has(candidate) && candidate !== source && candidate !== target) return candidate;
    return graph.states[0]!.id;
  };
  const placed = new Map<string, Array<{ transition: ChartTransition; target: string }>>();
  const TOP = '';
  for (const transition of graph.transitions) {
    const targets = transition.targets.length ? transition.targets : [transition.source];
    for (const target of targets) {
      // A transition of the machine itself (its own `on`) sits outside its box, at the top level.
      const at = transition.source === graph.states[0]!.id || target === graph.states[0]!.id ? TOP : holder(transition.source, target);
      placed.set(at, [...(placed.get(at) ?? []), { transition, target }]);
    }
  }
  const id = (state: ChartState) => ident(state.path, graph.machineId);
  const lines: string[] = ['stateDiagram-v2'];
  if (graph.description) lines.push(`  %% ${graph.description.replace(/\s+/g, ' ')}`);
  const body = (state: ChartState, indent: string) => {
    const kids = children.get(state.id) ?? [];
    const regions = state.kind === 'parallel';
    kids.forEach((kid, index) => {
      if (regions && index > 0) lines.push(`${indent}--`);
      emit(kid, indent);
    });
    const initial = kids.find((kid) => kid.initial);
    if (initial) lines.push(`${indent}[*] --> ${id(initial)}`);
    for (const { transition, target } of placed.get(state.id) ?? []) {
      const to = byId.get(target)!;
      lines.push(`${indent}${id(byId.get(transition.source)!)} --> ${id(to)} : ${text(transition.label)}`);
    }
  };
  const emit = (state: ChartState, indent: string) => {
    const kids = children.get(state.id) ?? [];
    const name = text(state.kind === 'final' ? `${state.key} (final)` : state.kind === 'parallel' ? `${state.key} (parallel)` : state.key);
    if (kids.length === 0) {
      lines.push(`${indent}state "${name}" as ${id(state)}`);
      for (const invoke of state.invokes) lines.push(`${indent}${id(state)} : invoke ${text(invoke.id)}`);
      if (state.kind === 'final') lines.push(`${indent}${id(state)} --> [*]`);
      return;
    }
    lines.push(`${indent}state "${name}" as ${id(state)} {`);
    body(state, `${indent}  `);
    lines.push(`${indent}}`);
    for (const invoke of state.invokes) lines.push(`${indent}note right of ${id(state)} : invoke ${text(invoke.id)}`);
  };
  const root = graph.states[0]!;
  lines.push(`  state "${text(root.kind === 'parallel' ? `${graph.name} (parallel)` : graph.name)}" as ${id(root)} {`);
  body(root, '    ');
  lines.push('  }');
  lines.push(`  [*] --> ${id(root)}`);
  for (const { transition, target } of placed.get(TOP) ?? []) {
    lines.push(`  ${id(byId.get(transition.source)!)} --> ${id(byId.get(target)!)} : ${text(transition.label)}`);
  }
  for (const invoke of root.invokes) lines.push(`  note right of ${id(root)} : invoke ${text(invoke.id)}`);
  return `${lines.join('\n')}\n`;
}
