// The statechart visualiser (/visualizer): every registered machine drawn from its definition (graph.ts → layout.ts
// → svg.ts, the code `npm run charts` uses), its model-based test paths replayed step by step, and the live states
// of a wallet opened with ?inspect=1 in another tab (inspect.ts, over a BroadcastChannel).
import { StrictMode, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { createRoot } from 'react-dom/client';
import type { AnyStateMachine } from 'xstate';
import { machines } from '../../machines/index';
import { activePaths, type ChartGraph, leafPaths, machineGraph, registryResolver } from './graph';
import { INSPECT_CHANNEL, type InspectMessage } from './inspect';
import { layoutChart } from './layout';
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
const svgs = new Map<string, Promise<string>>();
const svgOf = (name: string) => {
  let svg = svgs.get(name);
  if (!svg) svgs.set(name, (svg = layoutChart(graphOf(name)).then((chart) => chartSvg(chart, { title: name }))));
  return svg;
};

type Theme = 'light' | 'dark';
type Paths = MachinePaths | { unavailable: string } | null;
interface LiveActor {
  actorId: string;
  id: string;
  machineId: string;
  value: unknown;
}

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
  const [view, setView] = useState({ scale: 1, x: 0, y: 0 });
  const [focused, setFocused] = useState<string | null>(null);
  const [paths, setPaths] = useState<Paths>(null);
  const [filter, setFilter] = useState('');
  const [pathIndex, setPathIndex] = useState(0);
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [live, setLive] = useState<Map<string, LiveActor>>(new Map());
  const viewport = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const followed = useRef<string | null>(null);
  const t = useMemo(() => translator(language), [language]);
  const graph = graphOf(name);

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

  // The chart: laid out once per machine, then fitted to the viewport's width.
  useEffect(() => {
    let current = true;
    setSvg(null);
    setFocused(null);
    void svgOf(name).then((text) => {
      if (!current) return;
      setSvg(text);
    });
    return () => {
      current = false;
    };
  }, [name]);

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

  useEffect(() => {
    if (svg) fit(true);
  }, [svg, fit]);

  // The model's paths, fetched per machine (dist/visualizer/paths/<name>.json, written at build).
  useEffect(() => {
    let current = true;
    setPaths(null);
    setPathIndex(0);
    setStep(0);
    setPlaying(false);
    setFilter('');
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
    return paths.paths.map((path, index) => ({ path, index })).filter(({ path }) => !needle || `${path.start} ${path.description}`.toLowerCase().includes(needle));
  }, [paths, filter]);
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
    channel.onmessage = (event: MessageEvent<InspectMessage>) => {
      const message = event.data;
      if (message.type === 'snapshot') {
        setLive((previous) => new Map(previous).set(message.actorId, { actorId: message.actorId, id: message.id, machineId: message.machineId, value: message.value }));
      } else if (message.type === 'alive') {
        setLive((previous) => {
          const next = new Map([...previous].filter(([id]) => message.actorIds.includes(id)));
          return next.size === previous.size ? previous : next;
        });
      }
    };
    channel.postMessage({ type: 'hello' } satisfies InspectMessage);
    return () => channel.close();
  }, []);

  // Highlights: the replayed step's states and every live actor's states of this machine.
  useEffect(() => {
    const root = canvas.current;
    if (!root || !svg) return;
    // The innermost states are filled; the states around them (the machine itself aside) get a border.
    const stepValue = path?.steps[step]?.value;
    const stepLeaves = new Set(path ? leafPaths(stepValue) : []);
    const stepWithin = new Set(path ? activePaths(stepValue) : []);
    const liveValues = [...live.values()].filter((actor) => actor.machineId === graph.machineId).map((actor) => actor.value);
    const liveLeaves = new Set(liveValues.flatMap((value) => leafPaths(value)));
    const liveWithin = new Set(liveValues.flatMap((value) => activePaths(value)));
    for (const element of root.querySelectorAll<SVGGElement>('[data-path]')) {
      const at = element.dataset.path!;
      element.classList.toggle('is-step', stepLeaves.has(at));
      element.classList.toggle('is-step-within', at !== '' && !stepLeaves.has(at) && stepWithin.has(at));
      element.classList.toggle('is-live', liveLeaves.has(at));
      element.classList.toggle('is-live-within', at !== '' && !liveLeaves.has(at) && liveWithin.has(at));
    }
    // The chart follows: a highlighted state out of view is brought to the middle (not while a new chart is fitted).
    if (followed.current !== svg) {
      followed.current = svg;
      return;
    }
    const shown = root.querySelector('.is-step') ?? root.querySelector('.is-live');
    const frame = viewport.current?.getBoundingClientRect();
    if (!shown || !frame) return;
    const box = shown.getBoundingClientRect();
    if (box.left >= frame.left && box.right <= frame.right && box.top >= frame.top && box.bottom <= frame.bottom) return;
    const dx = frame.left + frame.width / 2 - (box.left + box.width / 2);
    const dy = frame.top + frame.height / 2 - (box.top + box.height / 2);
    setView((current) => ({ ...current, x: Math.round(current.x + dx), y: Math.round(current.y + dy) }));
  }, [svg, path, step, live, graph.machineId]);

  const open = useCallback((machine: string) => {
    if (names.includes(machine)) setName(machine);
  }, []);

  const onChartClick = (event: React.MouseEvent) => {
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
    }
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
  const onWheel = (event: React.WheelEvent) => {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    zoom(event.deltaY < 0 ? 1.1 : 1 / 1.1);
  };

  const focusedState = focused ? graph.states.find((state) => state.id === focused) : undefined;
  const outgoing = focusedState ? graph.transitions.filter((transition) => transition.source === focusedState.id) : [];
  const liveActors = [...live.values()];
  const currentStep = path?.steps[step];

  return (
    <div className="vz">
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
            <p id="vz-chart-help" className="vz-help">
              {t('visualizer.chart_help')}
            </p>
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
          </div>
          <section className="vz-details" aria-labelledby="vz-details-title">
            <h3 id="vz-details-title">{t('visualizer.state_details')}</h3>
            {focusedState ? (
              <>
                <p>
                  <code>{focusedState.id}</code>
                  {focusedState.description ? ` — ${focusedState.description}` : ''}
                </p>
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
                  <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
                </label>
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
                    {shownPaths.slice(0, 500).map(({ path: item, index }) => (
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
            {liveActors.length === 0 ? (
              <p>{t('visualizer.live_none')}</p>
            ) : (
              <ul data-testid="live-actors">
                {liveActors.map((actor) => {
                  const machine = names.find((candidate) => registry[candidate]!.id === actor.machineId);
                  return (
                    <li key={actor.actorId} data-live-machine={actor.machineId}>
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
