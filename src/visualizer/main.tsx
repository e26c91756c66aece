// The statechart visualiser (/visualizer): every registered machine drawn from its definition (graph.ts → layout.ts
// → svg.ts, the code `npm run charts` uses), its model-based test paths replayed step by step, and the live states
// of a wallet opened with ?inspect=1 in another tab (inspect.ts, over a BroadcastChannel).
import { StrictMode, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { createRoot } from 'react-dom/client';
import type { AnyStateMachine } from 'xstate';
import { machines } from '../../machines/index';
import { activePaths, type ChartGraph, leafPaths, machineGraph, registryResolver } from './graph';
import { HEARTBEAT_TIMEOUT_MS, INSPECT_CHANNEL, type InspectMessage, type InspectSession } from './inspect';
import { contextFields, redact } from './redact';
import { enabledEvents, type SimulationStep, simulatedMachine, startSimulation, stepSimulation } from './simulate';
import { defaultCollapsed, foldableStates, type LaidOutChart, layoutChart, MINIMAP, minimapBounds, revealed, shownStates, toggleCollapsed } from './layout';
import type { MachinePaths } from './model-paths';
import { type PackedPaths, unpackPaths } from './paths-file';
import { initialLanguage, type Language, translator } from './strings';
import { chartSvg } from './svg';

const registry = machines as unknown as Record<string, AnyStateMachine>;
const names = Object.keys(registry);
const resolveInvoke = registryResolver(registry);
const graphs = new Map<string, ChartGraph>();
const graphOf = (name: string) => {
  let graph = graphs.get(name);
  if (!graph) graphs.set(name, (graph = machineGraph(name, registry[name]!, resolveInvoke)));
  return graph;
};
interface Drawn {
  chart: LaidOutChart;
  svg: string;
}
/** A chart as drawn with some states collapsed, laid out once per machine and set of collapsed states. */
const drawings = new Map<string, Promise<Drawn>>();
const drawingKey = (name: string, collapsed: readonly string[]) => `${name}|${[...collapsed].sort().join(',')}`;
const drawingOf = (name: string, collapsed: readonly string[]) => {
  const key = drawingKey(name, collapsed);
  let drawing = drawings.get(key);
  if (!drawing) {
    drawing = layoutChart(graphOf(name), { collapsed }).then((chart) => ({ chart, svg: chartSvg(chart, { title: name, collapsible: true }) }));
    drawings.set(key, drawing);
  }
  return drawing;
};
const defaults = new Map<string, string[]>();
const defaultCollapsedOf = (name: string) => {
  let list = defaults.get(name);
  if (!list) defaults.set(name, (list = defaultCollapsed(graphOf(name))));
  return list;
};
/** What the page does once a new drawing is in place: keep a toggled state where it was, fit a region, or jump. */
type AfterDrawing = { kind: 'anchor'; id: string; left: number; top: number } | { kind: 'region'; id: string } | { kind: 'jump'; match: Match };
interface Match {
  kind: 'state' | 'event';
  id: string;
  text: string;
}

type Theme = 'light' | 'dark';
type Paths = MachinePaths | { unavailable: string } | null;
interface LiveActor {
  key: string;
  session: InspectSession;
  actorId: string;
  id: string;
  machineId: string;
  value: unknown;
  context: unknown;
}
interface LiveSession {
  session: InspectSession;
  seen: number;
  ended: boolean;
}
interface LogEntry {
  at: number;
  session: InspectSession;
  id: string;
  machineId: string;
  event: string;
  payload: string;
  from: string;
  to: string;
}
const PAGE_SIZE = 100;

const valueText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value).replace(/"/g, '').replace(/,/g, ', '));

function machineFromUrl(): string {
  const asked = new URLSearchParams(window.location.search).get('machine');
  return asked && names.includes(asked) ? asked : names[0]!;
}

function App() {
  const [language, setLanguage] = useState<Language>(() => initialLanguage(window.location.search, navigator.language));
  const [theme, setTheme] = useState<Theme>(() => (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
  const [name, setName] = useState(machineFromUrl);
  const [svg, setSvg] = useState<string | null>(null);
  const [chart, setChart] = useState<LaidOutChart | null>(null);
  const [collapsedBy, setCollapsedBy] = useState<Record<string, string[]>>({});
  const [frame, setFrame] = useState({ width: 0, height: 0 });
  const [view, setView] = useState({ scale: 1, x: 0, y: 0 });
  const [focused, setFocused] = useState<string | null>(null);
  const [paths, setPaths] = useState<Paths>(null);
  const [filter, setFilter] = useState('');
  const [pathIndex, setPathIndex] = useState(0);
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [live, setLive] = useState<Map<string, LiveActor>>(new Map());
  const [sessions, setSessions] = useState<Map<string, LiveSession>>(new Map());
  const [log, setLog] = useState<LogEntry[]>([]);
  const [page, setPage] = useState(0);
  const [simStart, setSimStart] = useState(0);
  const [simSteps, setSimSteps] = useState<SimulationStep[] | null>(null);
  const [simError, setSimError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const followed = useRef<string | null>(null);
  const followedPath = useRef<unknown>(undefined);
  const afterDrawing = useRef<AfterDrawing | null>(null);
  const t = useMemo(() => translator(language), [language]);
  const graph = graphOf(name);
  const collapsed = collapsedBy[name] ?? defaultCollapsedOf(name);
  const collapsedKey = drawingKey(name, collapsed);
  const shown = useMemo(() => shownStates(graph, collapsed), [graph, collapsed]);

  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dataset.theme = theme;
    document.title = `${t('visualizer.title')} · ${name}`;
  }, [language, theme, name, t]);

  // The machine in the URL, so a chart can be linked to.
  useEffect(() => {
    const url = new URL(window.location.href);
    url.searchParams.set('machine', name);
    window.history.replaceState(null, '', url);
  }, [name]);

  // A new machine: nothing drawn until its chart is laid out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new machine's name is what runs this reset.
  useEffect(() => {
    setSvg(null);
    setChart(null);
    setFocused(null);
    afterDrawing.current = null;
  }, [name]);

  // The chart: laid out once per machine and set of collapsed states (the previous drawing stays until then).
  // biome-ignore lint/correctness/useExhaustiveDependencies: collapsedKey stands for `collapsed` (a new array each default).
  useEffect(() => {
    let current = true;
    void drawingOf(name, collapsed).then((drawing) => {
      if (!current) return;
      setChart(drawing.chart);
      setSvg(drawing.svg);
    });
    return () => {
      current = false;
    };
  }, [name, collapsedKey]);

  // The viewport's size, for the minimap's frame.
  useEffect(() => {
    const box = viewport.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setFrame({ width: box.clientWidth, height: box.clientHeight }));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  /** The whole chart in view; `readable` keeps the text legible instead (a wide chart is then panned). */
  const fit = useCallback((readable = false) => {
    const element = canvas.current?.querySelector('svg');
    const box = viewport.current;
    if (!element || !box) return;
    const width = Number(element.getAttribute('width'));
    const height = Number(element.getAttribute('height'));
    const whole = Math.min(1, (box.clientWidth - 16) / width, (box.clientHeight - 16) / height);
    const scale = readable ? Math.min(1, Math.max(0.75, (box.clientWidth - 16) / width)) : whole;
    setView({ scale: Math.max(0.1, Math.round(scale * 100) / 100), x: 8, y: 8 });
  }, []);

  // A new drawing is fitted, unless it came from a toggle (the toggled state stays where it was on screen), from
  // "Focus this region" or from a search that had to expand a state first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new drawing runs this; the callbacks read refs and the view.
  useEffect(() => {
    if (!svg || !chart) return;
    const action = afterDrawing.current;
    afterDrawing.current = null;
    if (!action) fit(true);
    else if (action.kind === 'anchor') {
      const laid = chart.states.find((entry) => entry.state.id === action.id);
      if (laid) setView((current) => ({ ...current, x: Math.round(action.left - laid.x * current.scale), y: Math.round(action.top - laid.y * current.scale) }));
      canvas.current?.querySelector<SVGGElement>(`[data-state="${CSS.escape(action.id)}"]`)?.focus({ preventScroll: true });
    } else if (action.kind === 'region') focusRegion(action.id);
    else jump(action.match);
  }, [svg, chart]);

  // The model's paths, fetched per machine (dist/visualizer/paths/<name>.json, written at build).
  useEffect(() => {
    let current = true;
    setPaths(null);
    setPathIndex(0);
    setStep(0);
    setPlaying(false);
    setFilter('');
    setPage(0);
    setSimSteps(null);
    setSimError(null);
    setSimStart(0);
    fetch(`/visualizer/paths/${name}.json`)
      .then((response) => (response.ok ? (response.json() as Promise<PackedPaths>) : { unavailable: `HTTP ${response.status}` }))
      .then((packed) => current && setPaths(unpackPaths(packed)))
      .catch((error: unknown) => current && setPaths({ unavailable: String(error) }));
    return () => {
      current = false;
    };
  }, [name]);

  const shownPaths = useMemo(() => {
    if (!paths || 'unavailable' in paths) return [];
    const needle = filter.trim().toLowerCase();
    return paths.paths
      .map((path, index) => ({ path, index }))
      .filter(({ path }) => !needle || `${path.start} ${path.description} ${path.steps.map((item) => `${item.event} ${valueText(item.value)}`).join(' ')}`.toLowerCase().includes(needle));
  }, [paths, filter]);
  const pageCount = Math.max(1, Math.ceil(shownPaths.length / PAGE_SIZE));
  const pagePaths = shownPaths.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const path = paths && !('unavailable' in paths) ? paths.paths[pathIndex] : undefined;
  const stepCount = path?.steps.length ?? 0;

  useEffect(() => {
    if (!playing) return;
    if (step >= stepCount - 1) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setStep((current) => Math.min(current + 1, stepCount - 1)), 900);
    return () => clearTimeout(timer);
  }, [playing, step, stepCount]);

  // Live inspection: the wallet's actors, by session id.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(INSPECT_CHANNEL);
    const seen = (session: InspectSession, ended = false) =>
      setSessions((previous) => {
        const known = previous.get(session.id);
        if (known?.ended && !ended) return previous;
        if (!ended && known && Date.now() - known.seen < 500) return previous;
        return new Map(previous).set(session.id, { session, seen: Date.now(), ended });
      });
    channel.onmessage = (event: MessageEvent<InspectMessage>) => {
      const message = event.data;
      if (message.type === 'hello') return;
      seen(message.session, message.type === 'goodbye');
      if (message.type === 'snapshot') {
        const key = `${message.session.id}:${message.actorId}`;
        setLive((previous) => {
          const before = previous.get(key);
          const sent = message.event as { type?: string } | undefined;
          if (sent?.type && before && !sent.type.startsWith('xstate.init')) {
            const { type, ...payload } = sent as { type: string };
            const entry: LogEntry = { at: Date.now(), session: message.session, id: message.id, machineId: message.machineId, event: type, payload: Object.keys(payload).length ? JSON.stringify(payload) : '', from: valueText(before.value), to: valueText(message.value) };
            setLog((entries) => [entry, ...entries].slice(0, 200));
            setAnnouncement(`${message.id}: ${type} → ${entry.to}`);
          }
          return new Map(previous).set(key, { key, session: message.session, actorId: message.actorId, id: message.id, machineId: message.machineId, value: message.value, context: message.context });
        });
      } else if (message.type === 'alive') {
        setLive((previous) => {
          const next = new Map([...previous].filter(([, actor]) => actor.session.id !== message.session.id || message.actorIds.includes(actor.actorId)));
          return next.size === previous.size ? previous : next;
        });
      }
    };
    channel.postMessage({ type: 'hello' } satisfies InspectMessage);
    // A session whose heartbeat stopped (a closed tab that could not say goodbye) has ended.
    const timer = setInterval(() => {
      setSessions((previous) => {
        const stale = [...previous.values()].filter((entry) => !entry.ended && Date.now() - entry.seen > HEARTBEAT_TIMEOUT_MS);
        if (!stale.length) return previous;
        const next = new Map(previous);
        for (const entry of stale) next.set(entry.session.id, { ...entry, ended: true });
        return next;
      });
    }, 1000);
    return () => {
      clearInterval(timer);
      channel.close();
    };
  }, []);
  const endedSessions = useMemo(() => new Set([...sessions.values()].filter((entry) => entry.ended).map((entry) => entry.session.id)), [sessions]);

  // The simulation: the machine stepped in the page from its model's sample inputs and events.
  const simMachine = useMemo(() => simulatedMachine(registry[name]!), [name]);
  const samples = paths && !('unavailable' in paths) ? paths.samples : undefined;
  const startSim = useCallback(() => {
    const start = samples?.starts[simStart];
    if (!start) return;
    try {
      setSimSteps([startSimulation(simMachine, start.input)]);
      setSimError(null);
    } catch (error) {
      setSimError(String(error));
    }
  }, [samples, simStart, simMachine]);
  const simStep = simSteps?.[simSteps.length - 1];
  const simEnabled = useMemo(() => (simStep && samples ? enabledEvents(simStep.snapshot, samples.events) : []), [simStep, samples]);
  const initialContext = useMemo(() => {
    const start = samples?.starts[0];
    if (!start) return undefined;
    try {
      return startSimulation(simMachine, start.input).snapshot.context;
    } catch {
      return undefined;
    }
  }, [samples, simMachine]);

  // Highlights: the replayed step's states and every live actor's states of this machine.
  useEffect(() => {
    const root = canvas.current;
    if (!root || !svg) return;
    // The innermost states are filled; the states around them (the machine itself aside) get a border.
    const stepValue = simStep ? simStep.snapshot.value : path?.steps[step]?.value;
    const stepLeaves = new Set(simStep || path ? leafPaths(stepValue) : []);
    const stepWithin = new Set(simStep || path ? activePaths(stepValue) : []);
    const taken = new Set(simStep?.taken ?? []);
    for (const element of root.querySelectorAll<SVGGElement>('[data-transition]')) element.classList.toggle('is-taken', taken.has(element.dataset.transition!));
    const liveValues = [...live.values()].filter((actor) => actor.machineId === graph.machineId && !endedSessions.has(actor.session.id)).map((actor) => actor.value);
    const liveLeaves = new Set(liveValues.flatMap((value) => leafPaths(value)));
    const liveWithin = new Set(liveValues.flatMap((value) => activePaths(value)));
    // A collapsed box stands for the states inside it: it is filled when one of them is.
    const holds = (element: SVGGElement, at: string, leaves: Set<string>) => leaves.has(at) || (element.dataset.collapsed === 'true' && [...leaves].some((leaf) => leaf.startsWith(`${at}.`)));
    for (const element of root.querySelectorAll<SVGGElement>('[data-path]')) {
      const at = element.dataset.path!;
      const step = holds(element, at, stepLeaves);
      const isLive = holds(element, at, liveLeaves);
      element.classList.toggle('is-step', step);
      element.classList.toggle('is-step-within', at !== '' && !step && stepWithin.has(at));
      element.classList.toggle('is-live', isLive);
      element.classList.toggle('is-live-within', at !== '' && !isLive && liveWithin.has(at));
    }
    // The chart follows: a highlighted state out of view is brought to the middle (not while a new chart is fitted,
    // nor when the machine's paths have just arrived: the first path's first step is no reason to leave the view).
    const pathArrived = followedPath.current === undefined && path !== undefined;
    followedPath.current = path;
    if (followed.current !== svg) {
      followed.current = svg;
      return;
    }
    if (pathArrived && !simStep && liveValues.length === 0) return;
    // The live state wins over a path's step while following.
    const shown = root.querySelector('.is-live') ?? root.querySelector('.is-step');
    const frame = viewport.current?.getBoundingClientRect();
    if (!shown || !frame) return;
    const box = shown.getBoundingClientRect();
    if (box.left >= frame.left && box.right <= frame.right && box.top >= frame.top && box.bottom <= frame.bottom) return;
    const dx = frame.left + frame.width / 2 - (box.left + box.width / 2);
    const dy = frame.top + frame.height / 2 - (box.top + box.height / 2);
    setView((current) => ({ ...current, x: Math.round(current.x + dx), y: Math.round(current.y + dy) }));
  }, [svg, path, step, live, graph.machineId, simStep, endedSessions]);

  /** Brings a drawn element to the middle of the view. */
  const centre = useCallback((element: Element) => {
    const frame = viewport.current?.getBoundingClientRect();
    if (!frame) return;
    const box = element.getBoundingClientRect();
    const dx = frame.left + frame.width / 2 - (box.left + box.width / 2);
    const dy = frame.top + frame.height / 2 - (box.top + box.height / 2);
    setView((current) => ({ ...current, x: Math.round(current.x + dx), y: Math.round(current.y + dy) }));
  }, []);

  /** "Focus this region": one state's subtree fitted to the view. */
  /** Fits one state's box to the view. */
  const fitRegion = (stateId: string) => {
    const element = canvas.current?.querySelector(`[data-state="${CSS.escape(stateId)}"] > .sc-box`);
    const box = viewport.current;
    if (!element || !box) return;
    const x = Number(element.getAttribute('x'));
    const y = Number(element.getAttribute('y'));
    const width = Number(element.getAttribute('width'));
    const height = Number(element.getAttribute('height'));
    const scale = Math.max(0.1, Math.min(2, (box.clientWidth - 24) / width, (box.clientHeight - 24) / height));
    setView({ scale: Math.round(scale * 100) / 100, x: Math.round(12 - x * scale), y: Math.round(12 - y * scale) });
  };

  const setCollapsed = (update: (list: string[]) => string[]) => setCollapsedBy((previous) => ({ ...previous, [name]: update(previous[name] ?? defaultCollapsedOf(name)) }));
  const isHidden = (stateId: string) => shown.get(stateId) !== stateId;

  /** Collapses or expands one state; its box stays where it is on screen, and keeps the focus. */
  const toggle = (stateId: string) => {
    const laid = chart?.states.find((entry) => entry.state.id === stateId);
    if (!laid || !foldableStates(graph).includes(stateId)) return;
    afterDrawing.current = { kind: 'anchor', id: stateId, left: view.x + laid.x * view.scale, top: view.y + laid.y * view.scale };
    const folding = !collapsed.includes(stateId);
    setCollapsed((list) => toggleCollapsed(graph, list, stateId));
    setAnnouncement(t(folding ? 'visualizer.collapsed' : 'visualizer.expanded', { state: laid.state.key }));
  };

  /** "Focus this region": one state's subtree fitted to the view, expanded first when it is collapsed or hidden. */
  const focusRegion = (stateId: string) => {
    if (isHidden(stateId) || collapsed.includes(stateId)) {
      afterDrawing.current = { kind: 'region', id: stateId };
      setCollapsed((list) => revealed(graph, list, stateId, { open: true }));
      return;
    }
    fitRegion(stateId);
  };

  const matches = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!needle) return [];
    const states = graph.states.filter((state) => state.id.toLowerCase().includes(needle)).map((state): Match => ({ kind: 'state', id: state.id, text: state.id }));
    const events = graph.transitions.filter((transition) => transition.event.toLowerCase().includes(needle)).map((transition): Match => ({ kind: 'event', id: transition.id, text: `${transition.label} (${transition.source})` }));
    return [...states, ...events].slice(0, 30);
  }, [search, graph]);
  /** Brings a state or transition into view and focuses it; a state hidden in a collapsed box is revealed first. */
  const jump = (match: Match) => {
    const stateId = match.kind === 'state' ? match.id : graph.transitions.find((transition) => transition.id === match.id)?.source;
    if (stateId && isHidden(stateId)) {
      afterDrawing.current = { kind: 'jump', match };
      setCollapsed((list) => revealed(graph, list, stateId));
      return;
    }
    const selector = match.kind === 'state' ? `[data-state="${CSS.escape(match.id)}"]` : `[data-transition="${CSS.escape(match.id)}"]`;
    const element = canvas.current?.querySelector<SVGGElement>(selector);
    if (!element) return;
    setFocused(stateId ?? null);
    centre(element);
    element.focus({ preventScroll: true });
  };

  const open = useCallback((machine: string) => {
    if (names.includes(machine)) setName(machine);
  }, []);

  const onChartClick = (event: React.MouseEvent) => {
    const toggler = (event.target as Element).closest('[data-toggle]');
    if (toggler) {
      const stateId = toggler.getAttribute('data-toggle')!;
      setFocused(stateId);
      toggle(stateId);
      return;
    }
    const target = (event.target as Element).closest('[data-machine], [data-state]');
    if (!target) return;
    const machine = target.getAttribute('data-machine');
    if (machine) open(machine);
    else setFocused(target.getAttribute('data-state'));
  };

  const zoom = (factor: number) => setView((current) => ({ ...current, scale: Math.min(3, Math.max(0.1, Math.round(current.scale * factor * 100) / 100)) }));
  const pan = (dx: number, dy: number) => setView((current) => ({ ...current, x: current.x + dx, y: current.y + dy }));

  const onChartKey = (event: KeyboardEvent) => {
    const target = event.target as Element;
    const machine = target.getAttribute?.('data-machine');
    if ((event.key === 'Enter' || event.key === ' ') && machine) {
      event.preventDefault();
      open(machine);
      return;
    }
    const stateId = target.getAttribute?.('data-state');
    if ((event.key === 'Enter' || event.key === ' ') && stateId && target.hasAttribute('aria-expanded')) {
      event.preventDefault();
      toggle(stateId);
      return;
    }
    const moves: Record<string, [number, number]> = { ArrowLeft: [60, 0], ArrowRight: [-60, 0], ArrowUp: [0, 60], ArrowDown: [0, -60] };
    if (moves[event.key]) {
      event.preventDefault();
      pan(...moves[event.key]!);
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoom(1.2);
    } else if (event.key === '-' || event.key === '_') {
      event.preventDefault();
      zoom(1 / 1.2);
    } else if (event.key === '0') {
      event.preventDefault();
      fit();
    } else if (event.key === 'n' || event.key === 'p') {
      // Next and previous state, in the chart's order (the states hidden in collapsed boxes skipped).
      event.preventDefault();
      const order = graph.states.filter((state) => !isHidden(state.id)).map((state) => state.id);
      const at = focused ? order.indexOf(focused) : -1;
      const next = order[(at + (event.key === 'n' ? 1 : order.length - 1)) % order.length]!;
      const element = canvas.current?.querySelector<SVGGElement>(`[data-state="${CSS.escape(next)}"]`);
      setFocused(next);
      if (element) {
        centre(element);
        element.focus({ preventScroll: true });
      }
    }
  };

  /** The minimap: a click (or a drag) there brings that point of the chart to the middle of the view. */
  const bounds = minimapBounds(frame.width || (viewport.current?.clientWidth ?? MINIMAP.width * 3));
  const minimapScale = chart ? Math.min(bounds.width / chart.width, bounds.height / chart.height) : 1;
  const onMinimap = (event: PointerEvent<HTMLDivElement>) => {
    event.stopPropagation();
    if (event.type === 'pointermove' && event.buttons === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const cx = (event.clientX - box.left) / minimapScale;
    const cy = (event.clientY - box.top) / minimapScale;
    const width = viewport.current?.clientWidth ?? frame.width;
    const height = viewport.current?.clientHeight ?? frame.height;
    setView((current) => ({ ...current, x: Math.round(width / 2 - cx * current.scale), y: Math.round(height / 2 - cy * current.scale) }));
  };

  const onPointerDown = (event: PointerEvent) => {
    if ((event.target as Element).closest('[data-machine]')) return;
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag.current || event.buttons === 0) return;
    pan(event.clientX - drag.current.x, event.clientY - drag.current.y);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  // Focusing a state out of view makes the browser scroll the (overflow: hidden) viewport to it; that scroll becomes
  // a pan, so the view, the minimap's frame and "Focus this region" keep one origin.
  const onViewportScroll = (event: React.UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    const dx = box.scrollLeft;
    const dy = box.scrollTop;
    if (!dx && !dy) return;
    box.scrollLeft = 0;
    box.scrollTop = 0;
    setView((current) => ({ ...current, x: current.x - dx, y: current.y - dy }));
  };
  const onWheel = (event: React.WheelEvent) => {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    zoom(event.deltaY < 0 ? 1.1 : 1 / 1.1);
  };

  const focusedState = focused ? graph.states.find((state) => state.id === focused) : undefined;
  const focusedLaid = focusedState ? chart?.states.find((entry) => entry.state.id === focusedState.id) : undefined;
  const outgoing = focusedState ? graph.transitions.filter((transition) => transition.source === focusedState.id) : [];
  const liveActors = [...live.values()];
  const currentStep = path?.steps[step];

  return (
    <div className="vz">
      <a className="vz-skip" href="#vz-after-chart">
        {t('visualizer.skip_chart')}
      </a>
      <p className="vz-sr" aria-live="polite" data-testid="announce">
        {announcement}
      </p>
      <header className="vz-header">
        <h1>{t('visualizer.title')}</h1>
        <div className="vz-settings">
          <label>
            {t('visualizer.language')}{' '}
            <select value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
              <option value="en">English</option>
              <option value="es">Español</option>
            </select>
          </label>
          <label>
            {t('visualizer.theme')}{' '}
            <select value={theme} onChange={(event) => setTheme(event.target.value as Theme)}>
              <option value="light">{t('visualizer.theme_light')}</option>
              <option value="dark">{t('visualizer.theme_dark')}</option>
            </select>
          </label>
        </div>
      </header>
      <div className="vz-body">
        <nav className="vz-machines" aria-label={t('visualizer.machines')}>
          <h2>{t('visualizer.machines')}</h2>
          <ul>
            {names.map((machine) => (
              <li key={machine}>
                <button type="button" aria-current={machine === name ? 'page' : undefined} onClick={() => open(machine)} data-machine-button={machine}>
                  {machine}
                  {liveActors.some((actor) => actor.machineId === registry[machine]!.id) ? <span className="vz-live-dot" aria-hidden="true" /> : null}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <main className="vz-main">
          <div className="vz-title">
            <h2 id="vz-machine">{name}</h2>
            <p className="vz-counts" data-testid="counts">
              {t('visualizer.counts', { states: graph.states.length, transitions: graph.transitions.length })}
            </p>
          </div>
          {graph.description ? <p className="vz-description">{graph.description}</p> : null}
          <div className="vz-toolbar">
            <button type="button" onClick={() => zoom(1 / 1.2)} aria-label={t('visualizer.zoom_out')} title={t('visualizer.zoom_out')}>
              −
            </button>
            <span className="vz-zoom" aria-live="polite">
              {Math.round(view.scale * 100)}%
            </span>
            <button type="button" onClick={() => zoom(1.2)} aria-label={t('visualizer.zoom_in')} title={t('visualizer.zoom_in')}>
              +
            </button>
            <button type="button" onClick={() => fit()}>
              {t('visualizer.fit')}
            </button>
            <button type="button" onClick={() => setCollapsed(() => [])} disabled={collapsed.length === 0} data-testid="expand-all">
              {t('visualizer.expand_all')}
            </button>
            <button type="button" onClick={() => setCollapsed(() => foldableStates(graph, 2))} disabled={foldableStates(graph, 2).every((id) => collapsed.includes(id))} data-testid="collapse-all">
              {t('visualizer.collapse_all')}
            </button>
            <label className="vz-search">
              {t('visualizer.search')}{' '}
              <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} data-testid="search" />
            </label>
          </div>
          <div
            ref={viewport}
            className="vz-viewport"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart scrolls and pans by keyboard (onChartKey), so its region takes focus (axe's scrollable-region-focusable).
            tabIndex={0}
            role="region"
            aria-labelledby="vz-machine"
            aria-describedby="vz-chart-help"
            aria-busy={svg ? undefined : true}
            onKeyDown={onChartKey}
            onClick={onChartClick}
            onFocus={(event) => {
              const state = (event.target as Element).getAttribute?.('data-state');
              if (state) setFocused(state);
            }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onWheel={onWheel}
            onScroll={onViewportScroll}
          >
            {svg ? (
              <div
                ref={canvas}
                className="vz-canvas"
                style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
                dangerouslySetInnerHTML={{ __html: svg }}
              />
            ) : (
              <p className="vz-status">{t('visualizer.laying_out')}</p>
            )}
            {svg && chart ? (
              <div
                className="vz-minimap"
                data-testid="minimap"
                title={t('visualizer.minimap')}
                aria-hidden="true"
                style={{ width: Math.ceil(chart.width * minimapScale) + 2, height: Math.ceil(chart.height * minimapScale) + 2 }}
                onPointerDown={onMinimap}
                onPointerMove={onMinimap}
                onPointerUp={(event) => event.stopPropagation()}
                onClick={(event) => event.stopPropagation()}
              >
                <svg aria-hidden="true" width={Math.ceil(chart.width * minimapScale)} height={Math.ceil(chart.height * minimapScale)} viewBox={`0 0 ${chart.width} ${chart.height}`}>
                  {chart.states.map((laid) => (
                    <rect key={laid.state.id} className={laid.collapsed ? 'is-collapsed' : laid.state.parent === null ? 'is-root' : undefined} x={laid.x} y={laid.y} width={laid.width} height={laid.height} rx={8} />
                  ))}
                  <rect
                    className="vz-minimap-view"
                    data-testid="minimap-view"
                    x={-view.x / view.scale}
                    y={-view.y / view.scale}
                    width={(frame.width || chart.width) / view.scale}
                    height={(frame.height || chart.height) / view.scale}
                  />
                </svg>
              </div>
            ) : null}
          </div>
          <p id="vz-chart-help" className="vz-help">
            {t('visualizer.chart_help')}
          </p>
          {matches.length ? (
            <ul className="vz-matches" aria-label={t('visualizer.search_results')} data-testid="search-results">
              {matches.map((match) => (
                <li key={`${match.kind}:${match.id}`}>
                  <button type="button" onClick={() => jump(match)}>
                    {match.kind === 'state' ? t('visualizer.match_state') : t('visualizer.match_event')}: <code>{match.text}</code>
                  </button>
                </li>
              ))}
            </ul>
          ) : search.trim() ? (
            <p>{t('visualizer.search_none')}</p>
          ) : null}
          <ul className="vz-legend" aria-label={t('visualizer.legend')}>
            <li>
              <span className="vz-swatch vz-swatch-step" aria-hidden="true" /> {t('visualizer.legend_step')}
            </li>
            <li>
              <span className="vz-swatch vz-swatch-live" aria-hidden="true" /> {t('visualizer.legend_live')}
            </li>
            <li>
              <span className="vz-swatch vz-swatch-taken" aria-hidden="true" /> {t('visualizer.legend_taken')}
            </li>
            <li>
              <span className="vz-swatch vz-swatch-collapsed" aria-hidden="true" /> {t('visualizer.legend_collapsed')}
            </li>
          </ul>
          <section className="vz-details" id="vz-after-chart" tabIndex={-1} aria-labelledby="vz-details-title">
            <h3 id="vz-details-title">{t('visualizer.state_details')}</h3>
            {focusedState ? (
              <>
                <p>
                  <code>{focusedState.id}</code>
                  {focusedState.description ? ` — ${focusedState.description}` : ''}
                </p>
                {focusedLaid?.collapsed ? <p data-testid="collapsed-note">{t('visualizer.collapsed_note', { states: focusedLaid.hiddenStates, transitions: focusedLaid.hiddenTransitions })}</p> : null}
                <div className="vz-replay">
                  <button type="button" onClick={() => focusRegion(focusedState.id)} data-testid="focus-region">
                    {t('visualizer.focus_region')}
                  </button>
                  {focusedLaid && foldableStates(graph).includes(focusedState.id) ? (
                    <button type="button" onClick={() => toggle(focusedState.id)} aria-expanded={!focusedLaid.collapsed} data-testid="toggle-state">
                      {focusedLaid.collapsed ? t('visualizer.expand') : t('visualizer.collapse')}
                    </button>
                  ) : null}
                </div>
                {outgoing.length ? (
                  <>
                    <h4>{t('visualizer.transitions_out')}</h4>
                    <ul>
                      {outgoing.map((transition) => (
                        <li key={transition.id}>
                          <code>{transition.label}</code>
                          {transition.targets.length ? ` → ${transition.targets.join(', ')}` : ''}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </>
            ) : (
              <p>{t('visualizer.no_state')}</p>
            )}
          </section>
        </main>
        <aside className="vz-side">
          <section aria-labelledby="vz-sim-title" className="vz-sim" data-testid="simulate">
            <h2 id="vz-sim-title">{t('visualizer.simulate')}</h2>
            {samples ? (
              <>
                <label className="vz-field">
                  {t('visualizer.sim_start')}
                  <select value={String(simStart)} onChange={(event) => setSimStart(Number(event.target.value))} data-testid="sim-start">
                    {samples.starts.map((start, index) => (
                      <option key={start.name} value={index}>
                        {start.name}
                      </option>
                    ))}
                  </select>
                </label>
                <div className="vz-replay">
                  <button type="button" onClick={startSim} data-testid="sim-run">
                    {simSteps ? t('visualizer.sim_reset') : t('visualizer.sim_begin')}
                  </button>
                  <button type="button" disabled={!simSteps || simSteps.length < 2} onClick={() => setSimSteps((steps) => (steps && steps.length > 1 ? steps.slice(0, -1) : steps))} data-testid="sim-undo">
                    {t('visualizer.sim_undo')}
                  </button>
                  <button type="button" disabled={!simSteps} onClick={() => setSimSteps(null)}>
                    {t('visualizer.sim_stop')}
                  </button>
                </div>
                {simError ? <p role="alert">{simError}</p> : null}
                {simStep ? (
                  <>
                    <p data-testid="sim-value">
                      <code>{valueText(simStep.snapshot.value)}</code> · {simStep.snapshot.status}
                    </p>
                    <h3>{t('visualizer.sim_events')}</h3>
                    {simEnabled.length ? (
                      <ul className="vz-events" data-testid="sim-events">
                        {simEnabled.map((choice) => (
                          <li key={JSON.stringify(choice.event)}>
                            <button type="button" data-event={choice.label} onClick={() => setSimSteps((steps) => (steps ? [...steps, stepSimulation(simMachine, steps[steps.length - 1]!, choice)] : steps))}>
                              {choice.label}
                            </button>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p>{t('visualizer.sim_none')}</p>
                    )}
                    <h3>{t('visualizer.sim_history')}</h3>
                    <ol className="vz-history" data-testid="sim-history">
                      {simSteps!.map((item, index) => (
                        <li key={index}>
                          <code>{item.label}</code> → <code>{valueText(item.snapshot.value)}</code>
                        </li>
                      ))}
                    </ol>
                  </>
                ) : null}
              </>
            ) : (
              <p>{t('visualizer.sim_unavailable')}</p>
            )}
          </section>
          <section aria-labelledby="vz-context-title" className="vz-context" data-testid="context">
            <h2 id="vz-context-title">{t('visualizer.context')}</h2>
            {initialContext !== undefined ? (
              <>
                <h3>{t('visualizer.context_fields')}</h3>
                <ul data-testid="context-fields">
                  {contextFields(initialContext).map(({ field, kind }) => (
                    <li key={field}>
                      <code>{field}</code>: {kind}
                    </li>
                  ))}
                </ul>
                <h3>{simStep ? t('visualizer.context_simulated') : t('visualizer.context_initial')}</h3>
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block of text takes focus (axe scrollable-region-focusable). */}
                <pre tabIndex={0} className="vz-json" data-testid="context-value">{JSON.stringify(redact(simStep ? simStep.snapshot.context : initialContext), null, 1)}</pre>
              </>
            ) : (
              <p>{t('visualizer.context_unavailable')}</p>
            )}
            {liveActors
              .filter((actor) => actor.machineId === graph.machineId && !endedSessions.has(actor.session.id))
              .map((actor) => (
                <details key={actor.key} data-testid="live-context">
                  <summary>{t('visualizer.context_live', { actor: actor.id, session: actor.session.label })}</summary>
                  {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block of text takes focus (axe scrollable-region-focusable). */}
                  <pre tabIndex={0} className="vz-json">{JSON.stringify(actor.context, null, 1)}</pre>
                </details>
              ))}
          </section>
          <section aria-labelledby="vz-paths-title" className="vz-paths">
            <h2 id="vz-paths-title">{t('visualizer.paths')}</h2>
            {paths === null ? (
              <p>{t('visualizer.loading_paths')}</p>
            ) : 'unavailable' in paths ? (
              <p data-testid="no-paths">{t('visualizer.no_paths', { reason: paths.unavailable })}</p>
            ) : (
              <>
                <p data-testid="coverage">
                  {t('visualizer.coverage', { covered: paths.coverage.covered, total: paths.coverage.total, paths: paths.paths.length })}
                </p>
                <label className="vz-field">
                  {t('visualizer.filter_paths')}
                  <input
                    type="search"
                    value={filter}
                    onChange={(event) => {
                      setFilter(event.target.value);
                      setPage(0);
                    }}
                  />
                </label>
                <div className="vz-replay">
                  <button type="button" disabled={page === 0} onClick={() => setPage((current) => current - 1)}>
                    {t('visualizer.page_previous')}
                  </button>
                  <span data-testid="paths-page">
                    {t('visualizer.paths_page', { from: shownPaths.length ? page * PAGE_SIZE + 1 : 0, to: Math.min(shownPaths.length, (page + 1) * PAGE_SIZE), shown: shownPaths.length, total: paths.paths.length })}
                  </span>
                  <button type="button" disabled={page >= pageCount - 1} onClick={() => setPage((current) => current + 1)} data-testid="paths-next-page">
                    {t('visualizer.page_next')}
                  </button>
                </div>
                <label className="vz-field">
                  {t('visualizer.path')}
                  <select
                    size={8}
                    value={String(pathIndex)}
                    data-testid="path-list"
                    onChange={(event) => {
                      setPathIndex(Number(event.target.value));
                      setStep(0);
                      setPlaying(false);
                    }}
                  >
                    {pagePaths.map(({ path: item, index }) => (
                      <option key={index} value={index}>
                        {item.start === 'start' ? item.description : `${item.start}: ${item.description}`}
                      </option>
                    ))}
                  </select>
                </label>
                <div className="vz-replay">
                  <button type="button" onClick={() => setStep((current) => Math.max(0, current - 1))} disabled={step === 0}>
                    {t('visualizer.previous')}
                  </button>
                  <button type="button" onClick={() => setStep((current) => Math.min(stepCount - 1, current + 1))} disabled={step >= stepCount - 1}>
                    {t('visualizer.next')}
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      if (!playing && step >= stepCount - 1) setStep(0);
                      setPlaying(!playing);
                    }}
                  >
                    {playing ? t('visualizer.pause') : t('visualizer.play')}
                  </button>
                </div>
                {currentStep ? (
                  <p className="vz-step" aria-live="polite" data-testid="step" data-step={step}>
                    {t('visualizer.step', { step: step + 1, steps: stepCount, event: currentStep.event })}
                    <br />
                    <code data-testid="step-value">{valueText(currentStep.value)}</code>
                  </p>
                ) : null}
              </>
            )}
          </section>
          <section aria-labelledby="vz-live-title" className="vz-live">
            <h2 id="vz-live-title">{t('visualizer.live')}</h2>
            <p>{t('visualizer.live_help')}</p>
            {sessions.size === 0 ? (
              <p>{t('visualizer.live_none')}</p>
            ) : (
              <ul data-testid="live-sessions">
                {[...sessions.values()].map((entry) => (
                  <li key={entry.session.id} data-session={entry.session.id} data-ended={entry.ended ? 'true' : 'false'}>
                    <strong>{entry.session.label}</strong> — {entry.ended ? t('visualizer.session_ended') : t('visualizer.session_live')}
                  </li>
                ))}
              </ul>
            )}
            {liveActors.filter((actor) => !endedSessions.has(actor.session.id)).length === 0 ? null : (
              <ul data-testid="live-actors">
                {liveActors.filter((actor) => !endedSessions.has(actor.session.id)).map((actor) => {
                  const machine = names.find((candidate) => registry[candidate]!.id === actor.machineId);
                  return (
                    <li key={actor.key} data-live-machine={actor.machineId} data-session={actor.session.id}>
                      <strong>{actor.id}</strong> <code>{valueText(actor.value)}</code>{' '}
                      {machine && machine !== name ? (
                        <button type="button" onClick={() => open(machine)}>
                          {t('visualizer.open_machine', { machine })}
                        </button>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
            <h3>{t('visualizer.event_log')}</h3>
            {log.length ? (
              <ol className="vz-log" data-testid="event-log" reversed>
                {log.map((entry) => (
                  <li key={`${entry.session.id}:${entry.at}:${entry.id}:${entry.event}:${entry.to}`} data-event={entry.event}>
                    <strong>{entry.id}</strong> <code>{entry.event}</code>
                    {entry.payload ? <code className="vz-payload">{entry.payload}</code> : null}: <code>{entry.from}</code> → <code>{entry.to}</code>
                  </li>
                ))}
              </ol>
            ) : (
              <p>{t('visualizer.event_log_none')}</p>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
