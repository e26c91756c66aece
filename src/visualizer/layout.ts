// Lays a machine's graph out with elkjs (its bundled build: the same code in the browser and in Node). States are
// nested boxes (ELK's compound nodes, one layout across the hierarchy), each compound's initial state is pointed at
// from a dot, invoked actors are small boxes inside their state, and a transition that does not leave its state
// (targetless, or back to itself) is listed inside the state's box instead of drawn as a loop. Text is measured by
// a fixed estimate, not the browser, so the layout is the same everywhere (and the committed charts are stable).
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { ChartGraph, ChartInvoke, ChartState, ChartTransition } from './graph';

export interface Point {
  x: number;
  y: number;
}
export interface Box extends Point {
  width: number;
  height: number;
}

export interface LaidOutState extends Box {
  state: ChartState;
  /** Transitions that stay in the state (no target, or itself), listed inside its box. */
  internal: ChartTransition[];
  /** Where the internal list starts (below the name). */
  headerHeight: number;
  /** Drawn collapsed: its descendants are hidden (their transitions go to and from this box). */
  collapsed: boolean;
  /** How many states and transitions a collapsed box hides (0 when it is not collapsed). */
  hiddenStates: number;
  hiddenTransitions: number;
}
export interface LaidOutEdge {
  transition: ChartTransition;
  target: string;
  points: Point[];
  label: Box & { text: string; lines: string[] };
}
export interface LaidOutInitial {
  /** The compound state whose initial state this points at. */
  parent: string;
  target: string;
  dot: Point;
  points: Point[];
}
export interface LaidOutInvoke extends Box {
  state: string;
  invoke: ChartInvoke;
}
export interface LaidOutChart {
  graph: ChartGraph;
  width: number;
  height: number;
  states: LaidOutState[];
  edges: LaidOutEdge[];
  initials: LaidOutInitial[];
  invokes: LaidOutInvoke[];
  /** The compound states drawn collapsed. */
  collapsed: string[];
}

export interface LayoutOptions {
  /**
   * Compound or parallel states to draw collapsed: a box with its name and a count of what it hides, its descendants
   * left out, a transition from or to a hidden state drawn from or to the collapsed box (one that stays inside is
   * only counted), and the invokes of hidden states kept as links inside the box. The committed charts use none.
   */
  collapsed?: Iterable<string>;
}

export const FONT_SIZE = 13;
export const LABEL_SIZE = 11;
const LINE = 16;
/** Kinds whose name is written in the box's corner. */
const KINDS = new Set(['parallel', 'final', 'history']);
const PAD = 12;

/** A fixed estimate of a text's width (no font metrics): wide enough for the sans-serif fonts the charts use. */
export function textWidth(text: string, size: number): number {
  let units = 0;
  for (const char of text) units += /[mwMW@]/.test(char) ? 0.85 : /[A-Z#%&]/.test(char) ? 0.68 : /[ijlt.,:;'!|()[\]]/.test(char) ? 0.32 : 0.56;
  return Math.ceil(units * size);
}

const round = (value: number) => Math.round(value * 10) / 10;
const initialId = (state: string) => `${state}#initial`;
const invokeId = (state: string, id: string) => `${state}#invoke:${id}`;

const actionsText = (actions: string[]) => (actions.length ? ` / ${actions.join(', ')}` : '');

/** The text drawn for an internal transition: its label, then its actions after a slash. */
export function internalText(transition: ChartTransition): string {
  return `${transition.targets.length ? '↻ ' : ''}${transition.label}${actionsText(transition.actions)}`;
}

/** Splits a list of actions into lines of about `width` characters, the first after a slash. */
function wrapActions(actions: string[], width = 44): string[] {
  const lines: string[] = [];
  let line = '/';
  for (const action of actions) {
    const next = `${line}${line === '/' ? ' ' : ', '}${action}`;
    if (next.length > width && line !== '/') {
      lines.push(`${line},`);
      line = `  ${action}`;
    } else line = next;
  }
  if (line !== '/') lines.push(line);
  return lines;
}

/** The lines of an edge's label: the event and guard, then its actions. */
export function edgeLines(transition: ChartTransition): string[] {
  return [transition.label, ...wrapActions(transition.actions)];
}

/** The lines a state's box lists under its name: entry and exit actions. */
export function stateActionLines(state: ChartState): string[] {
  return [...(state.entry.length ? [`entry${actionsText(state.entry)}`] : []), ...(state.exit.length ? [`exit${actionsText(state.exit)}`] : [])];
}

const elk = new ELK();

/** The summary line of a collapsed state's box. */
export function collapsedText(states: number, transitions: number): string {
  return `▸ ${states} ${states === 1 ? 'state' : 'states'}, ${transitions} ${transitions === 1 ? 'transition' : 'transitions'} inside`;
}

/**
 * Which drawn box stands for each state: itself, or its outermost collapsed ancestor. Only compound and parallel
 * states (not the machine itself) collapse.
 */
export function shownStates(graph: ChartGraph, collapsed: Iterable<string> = []): Map<string, string> {
  const byId = new Map(graph.states.map((state) => [state.id, state]));
  const folded = new Set(
    [...collapsed].filter((id) => {
      const state = byId.get(id);
      return state !== undefined && state.parent !== null && (state.kind === 'compound' || state.kind === 'parallel');
    }),
  );
  const shown = new Map<string, string>();
  // Depth first, so a parent is placed before its children.
  for (const state of graph.states) {
    const above = state.parent === null ? null : shown.get(state.parent)!;
    // A parent hidden or folded hides this state: the box that stands for the parent stands for it too.
    shown.set(state.id, above !== null && (above !== state.parent || folded.has(above)) ? above : state.id);
  }
  return shown;
}

/** Lays the graph out; the answer is in absolute coordinates, rounded to a tenth of a pixel. */
export async function layoutChart(graph: ChartGraph, options: LayoutOptions = {}): Promise<LaidOutChart> {
  const byId = new Map(graph.states.map((state) => [state.id, state]));
  const shown = shownStates(graph, options.collapsed);
  const folded = new Set(
    [...(options.collapsed ?? [])].filter((id) => {
      const state = byId.get(id);
      return state && shown.get(id) === id && state.parent !== null && (state.kind === 'compound' || state.kind === 'parallel');
    }),
  );
  const stand = (id: string) => shown.get(id) ?? id;
  const children = new Map<string | null, ChartState[]>();
  for (const state of graph.states) {
    if (stand(state.id) !== state.id || (state.parent && folded.has(state.parent))) continue;
    children.set(state.parent, [...(children.get(state.parent) ?? []), state]);
  }
  const hiddenStates = new Map<string, number>();
  for (const state of graph.states) if (stand(state.id) !== state.id) hiddenStates.set(stand(state.id), (hiddenStates.get(stand(state.id)) ?? 0) + 1);
  const hiddenTransitions = new Map<string, number>();
  const internal = new Map<string, ChartTransition[]>();
  const drawn: Array<{ transition: ChartTransition; source: string; target: string; id: string }> = [];
  for (const transition of graph.transitions) {
    const source = stand(transition.source);
    if (source !== transition.source) {
      // From a hidden state: drawn from its collapsed box when it leaves the box, else only counted.
      const leaves = [...new Set(transition.targets.map(stand))].filter((target) => target !== source);
      if (leaves.length === 0) hiddenTransitions.set(source, (hiddenTransitions.get(source) ?? 0) + 1);
      leaves.forEach((target, index) => drawn.push({ transition, source, target, id: `${transition.id}>${index}` }));
      continue;
    }
    const leaves = folded.size ? [...new Set(transition.targets.map(stand))].filter((target) => target !== source) : transition.targets.filter((target) => target !== transition.source);
    if (leaves.length === 0) internal.set(transition.source, [...(internal.get(transition.source) ?? []), transition]);
    leaves.forEach((target, index) => drawn.push({ transition, source, target, id: `${transition.id}>${index}` }));
  }
  // The invokes of hidden states, kept inside the collapsed box (an invoked flow stays one click away).
  const invokesOf = new Map<string, ChartInvoke[]>();
  for (const state of graph.states) {
    const owner = stand(state.id);
    if (!state.invokes.length || owner === state.id) continue;
    const list = invokesOf.get(owner) ?? [];
    for (const invoke of state.invokes) if (!list.some((known) => known.id === invoke.id)) list.push(invoke);
    invokesOf.set(owner, list);
  }
  const headers = new Map<string, number>();
  const folds = new Map<string, Array<{ invoke: ChartInvoke; x: number; y: number; width: number }>>();

  const elkNode = (state: ChartState): ElkNode => {
    const kids = children.get(state.id) ?? [];
    const listed = internal.get(state.id) ?? [];
    const actionLines = stateActionLines(state);
    const isFolded = folded.has(state.id);
    const summary = isFolded ? [collapsedText(hiddenStates.get(state.id) ?? 0, hiddenTransitions.get(state.id) ?? 0)] : [];
    const header = 28 + (listed.length + actionLines.length + summary.length) * LINE + (state.tags.length ? LINE : 0);
    headers.set(state.id, header);
    const textWide = Math.max(
      textWidth(state.key, FONT_SIZE) + 2 * PAD + 14 + (KINDS.has(state.kind) ? textWidth(state.kind, LABEL_SIZE) + 12 : 0),
      ...listed.map((transition) => textWidth(internalText(transition), LABEL_SIZE) + 2 * PAD),
      ...actionLines.map((line) => textWidth(line, LABEL_SIZE) + 2 * PAD),
      ...summary.map((line) => textWidth(line, LABEL_SIZE) + 2 * PAD),
      state.tags.length ? textWidth(state.tags.map((tag) => `#${tag}`).join(' '), LABEL_SIZE) + 2 * PAD : 0,
    );
    if (isFolded) {
      // A collapsed box: its invokes (its own and its hidden states') in a grid of up to three a row, placed here
      // rather than by ELK, which would put them all in one row.
      const list = [...state.invokes, ...(invokesOf.get(state.id) ?? [])];
      const cell = Math.max(0, ...list.map((invoke) => textWidth(`invoke ${invoke.id}`, LABEL_SIZE) + 2 * PAD));
      const columns = Math.min(3, list.length);
      const rows = Math.ceil(list.length / 3);
      const grid = list.map((invoke, index) => ({ invoke, x: PAD + (index % 3) * (cell + 8), y: header + 6 + Math.floor(index / 3) * 32, width: cell }));
      folds.set(state.id, grid);
      return {
        id: state.id,
        width: Math.max(textWide, 72, 2 * PAD + columns * cell + Math.max(0, columns - 1) * 8),
        height: Math.max(header + 8 + (rows ? rows * 32 - 8 + 6 + PAD : 0), 40),
      };
    }
    const nested: ElkNode[] = kids.map(elkNode);
    if (state.kind === 'compound' && kids.some((kid) => kid.initial)) nested.unshift({ id: initialId(state.id), width: 10, height: 10 });
    for (const invoke of state.invokes) {
      const text = `invoke ${invoke.id}`;
      nested.push({ id: invokeId(state.id, invoke.id), width: textWidth(text, LABEL_SIZE) + 2 * PAD, height: 24 });
    }
    if (nested.length === 0) {
      return { id: state.id, width: Math.max(textWide, 72), height: Math.max(header + 8, 40) };
    }
    return {
      id: state.id,
      children: nested,
      layoutOptions: {
        'elk.padding': `[top=${header + 6},left=${PAD},bottom=${PAD},right=${PAD}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${Math.max(textWide, 72)},${header + 20})`,
        ...(state.kind === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
      },
    };
  };

  const roots = children.get(null) ?? [];
  const edges: ElkExtendedEdge[] = [
    ...drawn.map(({ transition, source, target, id }) => ({
      id,
      sources: [source],
      targets: [target],
      labels: [
        {
          id: `${id}#label`,
          text: transition.label,
          width: Math.max(...edgeLines(transition).map((line) => textWidth(line, LABEL_SIZE))) + 8,
          height: LINE * edgeLines(transition).length,
        },
      ],
    })),
    ...graph.states
      .filter((state) => state.initial && stand(state.id) === state.id && !folded.has(state.parent!))
      .map((state) => ({ id: `${initialId(state.parent!)}>`, sources: [initialId(state.parent!)], targets: [state.id] })),
  ];
  const input: ElkNode = {
    id: '#chart',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeNode': '16',
      'elk.layered.spacing.edgeNodeBetweenLayers': '16',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.padding': '[top=16,left=16,bottom=16,right=16]',
    },
    children: roots.map(elkNode),
    edges,
  };
  const layout: ElkNode = await elk.layout(input);

  const states: LaidOutState[] = [];
  const invokes: LaidOutInvoke[] = [];
  const initials: LaidOutInitial[] = [];
  const dots = new Map<string, Point>();
  const boxOf = (node: ElkNode): Box => ({ x: round(node.x ?? 0), y: round(node.y ?? 0), width: round(node.width ?? 0), height: round(node.height ?? 0) });
  const walk = (node: ElkNode) => {
    const state = byId.get(node.id);
    if (state) {
      const isFolded = folded.has(state.id);
      states.push({
        ...boxOf(node),
        state,
        internal: internal.get(state.id) ?? [],
        headerHeight: headers.get(state.id) ?? 28,
        collapsed: isFolded,
        hiddenStates: isFolded ? (hiddenStates.get(state.id) ?? 0) : 0,
        hiddenTransitions: isFolded ? (hiddenTransitions.get(state.id) ?? 0) : 0,
      });
      const box = boxOf(node);
      for (const cell of folds.get(state.id) ?? []) invokes.push({ x: round(box.x + cell.x), y: round(box.y + cell.y), width: cell.width, height: 24, state: state.id, invoke: cell.invoke });
    } else if (node.id.endsWith('#initial')) {
      const box = boxOf(node);
      dots.set(node.id, { x: round(box.x + box.width / 2), y: round(box.y + box.height / 2) });
    } else {
      const [owner, id] = node.id.split('#invoke:') as [string, string];
      const invoke = byId.get(owner)?.invokes.find((candidate) => candidate.id === id);
      if (invoke) invokes.push({ ...boxOf(node), state: owner, invoke });
    }
    for (const child of node.children ?? []) walk(child);
  };
  for (const child of layout.children ?? []) walk(child);

  const laidEdges: LaidOutEdge[] = [];
  const byEdge = new Map(drawn.map((entry) => [entry.id, entry]));
  const collect = (node: ElkNode) => {
    for (const edge of node.edges ?? []) {
      const points: Point[] = [];
      for (const section of edge.sections ?? []) {
        points.push(section.startPoint, ...(section.bendPoints ?? []), section.endPoint);
      }
      const rounded = points.map((point) => ({ x: round(point.x), y: round(point.y) }));
      const entry = byEdge.get(edge.id);
      if (entry) {
        const label = edge.labels?.[0];
        laidEdges.push({
          transition: entry.transition,
          target: entry.target,
          points: rounded,
          label: { text: entry.transition.label, lines: edgeLines(entry.transition), ...boxOf(label as ElkNode) },
        });
      } else if (edge.id.endsWith('#initial>')) {
        const parent = edge.id.slice(0, -'#initial>'.length);
        const dot = dots.get(initialId(parent)) ?? rounded[0] ?? { x: 0, y: 0 };
        initials.push({ parent, target: edge.targets[0]!, dot, points: rounded });
      }
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(layout);
  laidEdges.sort((a, b) => (a.transition.id + a.target < b.transition.id + b.target ? -1 : 1));
  return { graph, width: round(layout.width ?? 0), height: round(layout.height ?? 0), states, edges: laidEdges, initials, invokes, collapsed: [...folded] };
}

/** The states a chart shows (not hidden in a collapsed box) when `collapsed` are collapsed. */
export function visibleStateCount(graph: ChartGraph, collapsed: Iterable<string>): number {
  let count = 0;
  for (const [id, standsFor] of shownStates(graph, collapsed)) if (id === standsFor) count += 1;
  return count;
}

/** The compound and parallel states that can collapse (the machine itself cannot), at `minDepth` or deeper. */
export function foldableStates(graph: ChartGraph, minDepth = 1): string[] {
  return graph.states.filter((state) => state.parent !== null && state.depth >= minDepth && (state.kind === 'compound' || state.kind === 'parallel')).map((state) => state.id);
}

/** How many states a chart may show before its deep levels start collapsed. */
export const VISIBLE_STATES = 24;

/**
 * What a chart starts with collapsed: nothing when it shows at most `budget` states; else its deepest level of
 * compound states, then the next one up, until it does (the top level, depth 1, always stays open). The root
 * (82 states) starts with its tab and overlay regions collapsed (11 states shown).
 */
export function defaultCollapsed(graph: ChartGraph, budget = VISIBLE_STATES): string[] {
  const depths = [...new Set(foldableStates(graph, 2).map((id) => graph.states.find((state) => state.id === id)!.depth))].sort((a, b) => b - a);
  let collapsed: string[] = [];
  for (const depth of depths) {
    if (visibleStateCount(graph, collapsed) <= budget) break;
    collapsed = foldableStates(graph, depth);
  }
  return collapsed;
}

/** `collapsed` with `stateId` collapsed, or expanded when it already was; a state that cannot collapse changes nothing. */
export function toggleCollapsed(graph: ChartGraph, collapsed: readonly string[], stateId: string): string[] {
  if (!foldableStates(graph).includes(stateId)) return [...collapsed];
  return collapsed.includes(stateId) ? collapsed.filter((id) => id !== stateId) : [...collapsed, stateId];
}

/** The states `stateId` is nested in, innermost first (the machine itself last). */
export function ancestorsOf(graph: ChartGraph, stateId: string): string[] {
  const parents = new Map(graph.states.map((state) => [state.id, state.parent]));
  const above: string[] = [];
  for (let at = parents.get(stateId) ?? null; at; at = parents.get(at) ?? null) above.push(at);
  return above;
}

/**
 * `collapsed` without what hides `stateId`: its collapsed ancestors (a search jumping to it), and with `open` the state
 * itself too ("Focus this region" fits its expanded box). Whatever else was collapsed stays so.
 */
export function revealed(graph: ChartGraph, collapsed: readonly string[], stateId: string, options: { open?: boolean } = {}): string[] {
  const above = new Set(ancestorsOf(graph, stateId));
  return collapsed.filter((id) => !above.has(id) && !(options.open && id === stateId));
}

/** The minimap's largest size on a wide screen, in pixels. */
export const MINIMAP = { width: 200, height: 120 };

/**
 * The largest box the minimap may take in a chart viewport `viewportWidth` wide: 200×120, and never more than a third
 * of the width (a phone's viewport is about 350 px: the minimap would hide much of the chart it maps).
 */
export function minimapBounds(viewportWidth: number): { width: number; height: number } {
  const width = Math.max(60, Math.min(MINIMAP.width, Math.floor(viewportWidth / 3)));
  return { width, height: Math.round((width * MINIMAP.height) / MINIMAP.width) };
}
