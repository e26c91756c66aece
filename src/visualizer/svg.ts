// Draws a laid-out chart as one SVG document (a string): the visualiser page shows it as it is, and `npm run charts`
// writes it to docs/statecharts/. Colours are CSS custom properties with light defaults and a dark set for
// prefers-color-scheme, which the page overrides for its own theme switch. Every drawn state carries data-state
// (its id) and data-path (how a snapshot value names it), every transition data-transition, and an invoked
// registered machine data-machine, for the page's highlighting and links and for the tests' counts.
import { collapsedText, FONT_SIZE, internalText, LABEL_SIZE, type LaidOutChart, type Point, stateActionLines, textWidth } from './layout';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const LIGHT = '--sc-bg:#ffffff;--sc-text:#1b1f2a;--sc-muted:#4a5163;--sc-state:#ffffff;--sc-compound:#f3f5fa;--sc-region:#fafbfd;--sc-border:#5b6478;--sc-edge:#4a5163;--sc-accent:#3730a3;--sc-step:#fde68a;--sc-live:#bbf7d0;--sc-live-border:#15803d;--sc-step-border:#b45309;--sc-invoke:#eef2ff';
const DARK = '--sc-bg:#141821;--sc-text:#e8ebf2;--sc-muted:#b6bccb;--sc-state:#1c2130;--sc-compound:#181c27;--sc-region:#161a24;--sc-border:#8c95ab;--sc-edge:#aab2c5;--sc-accent:#a5b4fc;--sc-step:#6b4e0a;--sc-live:#14532d;--sc-live-border:#4ade80;--sc-step-border:#fbbf24;--sc-invoke:#262c44';

export const CHART_STYLE = `svg.sc{${LIGHT};font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--sc-bg)}
@media (prefers-color-scheme:dark){svg.sc{${DARK}}}
.sc text{fill:var(--sc-text)}
.sc .sc-box{fill:var(--sc-state);stroke:var(--sc-border);stroke-width:1.2}
.sc .compound>.sc-box,.sc .parallel>.sc-box,.sc .root>.sc-box{fill:var(--sc-compound)}
.sc .region>.sc-box{fill:var(--sc-region);stroke-dasharray:6 4}
.sc .final>.sc-inner{fill:none;stroke:var(--sc-border);stroke-width:1.2}
.sc .sc-name{font-size:${FONT_SIZE}px;font-weight:600}
.sc .sc-kind,.sc .sc-internal,.sc .sc-tags,.sc .sc-actions{font-size:${LABEL_SIZE}px;fill:var(--sc-muted)}
.sc .sc-edge path{fill:none;stroke:var(--sc-edge);stroke-width:1.3}
.sc .sc-edge.always path{stroke-dasharray:5 3}
.sc .sc-label rect{fill:var(--sc-bg);opacity:.92}
.sc .sc-label text{font-size:${LABEL_SIZE}px}
.sc .sc-actions,.sc .sc-edge-actions{font-style:italic}
.sc .sc-initial circle{fill:var(--sc-text)}
.sc .sc-initial path{fill:none;stroke:var(--sc-text);stroke-width:1.3}
.sc #sc-arrow path{fill:var(--sc-edge)}
.sc .sc-invoke rect{fill:var(--sc-invoke);stroke:var(--sc-accent);stroke-width:1}
.sc .sc-invoke text{font-size:${LABEL_SIZE}px}
.sc .sc-invoke[data-machine] text{fill:var(--sc-accent);text-decoration:underline}
.sc .is-step>.sc-box{fill:var(--sc-step);stroke:var(--sc-step-border);stroke-width:3;stroke-dasharray:8 3}
.sc .is-live>.sc-box{fill:var(--sc-live);stroke:var(--sc-live-border);stroke-width:3}
.sc .is-live>.sc-box{stroke-width:4;stroke-dasharray:none}
.sc .is-step-within>.sc-box{stroke:var(--sc-step-border);stroke-width:2.5}
.sc .is-live-within>.sc-box{stroke:var(--sc-live-border);stroke-width:2.5}
.sc .sc-edge.is-taken path{stroke:var(--sc-step-border);stroke-width:3}
.sc [tabindex]:focus{outline:none}
.sc [tabindex]:focus-visible>.sc-box,.sc [tabindex]:focus-visible>rect{stroke:var(--sc-accent);stroke-width:3}
.sc .sc-edge:focus-visible path{stroke:var(--sc-accent);stroke-width:3}`;

/** What the page's collapsible charts add (the committed charts have no collapsed states). */
const COLLAPSIBLE_STYLE = `
.sc .sc-stack{fill:var(--sc-compound);stroke:var(--sc-border);stroke-width:1.2}
.sc .collapsed>.sc-box{stroke-width:2}
.sc .sc-summary{font-size:${LABEL_SIZE}px;fill:var(--sc-text)}
.sc .sc-toggle{fill:transparent;cursor:pointer}
.sc .sc-toggle-glyph{font-size:${FONT_SIZE}px;fill:var(--sc-accent);pointer-events:none}`;

const num = (value: number) => String(Math.round(value * 10) / 10);

function polyline(points: Point[]): string {
  return points.map((point, index) => `${index ? 'L' : 'M'}${num(point.x)} ${num(point.y)}`).join(' ');
}

const KIND_TEXT: Record<string, string> = { parallel: 'parallel', final: 'final', history: 'history' };

export interface SvgOptions {
  /** The accessible name of the chart. */
  title?: string;
  /**
   * The visualiser's page: every compound or parallel state (the machine aside) is a button that collapses and
   * expands it (aria-expanded, a ▾/▸ after its name, its name row a click target marked data-toggle).
   */
  collapsible?: boolean;
}

/** The chart as an SVG document. Deterministic: the same chart gives the same text. */
export function chartSvg(chart: LaidOutChart, options: SvgOptions = {}): string {
  const { graph } = chart;
  const title = options.title ?? `Statechart: ${graph.name}`;
  const kinds = new Map(graph.states.map((state) => [state.id, state.kind]));
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="sc" viewBox="0 0 ${num(chart.width)} ${num(chart.height)}" width="${num(chart.width)}" height="${num(chart.height)}" role="group" aria-label="${escapeXml(title)}" data-machine-name="${escapeXml(graph.name)}">`,
    `<title>${escapeXml(title)}</title>`,
    graph.description ? `<desc>${escapeXml(graph.description)}</desc>` : '',
    `<style>${CHART_STYLE}${options.collapsible ? COLLAPSIBLE_STYLE : ''}</style>`,
    `<defs><marker id="sc-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z"/></marker></defs>`,
  );
  // Parents before children, so nested boxes draw on top of their parents.
  const states = [...chart.states].sort((a, b) => a.state.depth - b.state.depth);
  out.push('<g class="sc-states">');
  for (const laid of states) {
    const { state } = laid;
    const parentKind = state.parent ? kinds.get(state.parent) : null;
    const classes = [
      'sc-state',
      state.parent === null ? 'root' : state.kind,
      parentKind === 'parallel' ? 'region' : '',
      state.initial ? 'initial' : '',
    ].filter(Boolean);
    const facts = [
      state.parent === null ? 'machine' : state.kind === 'atomic' ? 'state' : `${state.kind} state`,
      state.initial ? 'initial' : '',
      state.invokes.length ? `invokes ${state.invokes.map((invoke) => invoke.id).join(', ')}` : '',
      ...stateActionLines(state),
    ].filter(Boolean);
    const toggles = Boolean(options.collapsible) && state.parent !== null && (state.kind === 'compound' || state.kind === 'parallel');
    if (laid.collapsed) {
      classes.push('collapsed');
      facts.push(`collapsed, ${collapsedText(laid.hiddenStates, laid.hiddenTransitions).slice(2)}`);
    }
    const name = `${state.parent === null ? graph.name : state.key}: ${facts.join(', ')}`;
    const radius = state.kind === 'final' ? 4 : 8;
    const role = toggles ? `role="button" aria-expanded="${laid.collapsed ? 'false' : 'true'}"` : 'role="img"';
    out.push(
      `<g class="${classes.join(' ')}" data-state="${escapeXml(state.id)}" data-path="${escapeXml(state.path)}"${toggles ? ` data-collapsed="${laid.collapsed}"` : ''} tabindex="0" ${role} aria-label="${escapeXml(name)}">`,
      `<title>${escapeXml(state.description ? `${state.id}: ${state.description}` : state.id)}</title>`,
      // A collapsed box is drawn as a stack: what it holds is behind it.
      laid.collapsed ? `<rect class="sc-stack" x="${num(laid.x + 4)}" y="${num(laid.y + 4)}" width="${num(laid.width)}" height="${num(laid.height)}" rx="${radius}"/>` : '',
      `<rect class="sc-box" x="${num(laid.x)}" y="${num(laid.y)}" width="${num(laid.width)}" height="${num(laid.height)}" rx="${radius}"/>`,
    );
    if (state.kind === 'final') {
      out.push(`<rect class="sc-inner" x="${num(laid.x + 3)}" y="${num(laid.y + 3)}" width="${num(laid.width - 6)}" height="${num(laid.height - 6)}" rx="3"/>`);
    }
    const nameText = state.parent === null ? graph.name : state.key;
    out.push(`<text class="sc-name" x="${num(laid.x + 12)}" y="${num(laid.y + 20)}">${escapeXml(nameText)}</text>`);
    if (toggles) {
      out.push(
        `<text class="sc-toggle-glyph" x="${num(laid.x + 24 + textWidth(nameText, FONT_SIZE))}" y="${num(laid.y + 20)}" aria-hidden="true">${laid.collapsed ? '▸' : '▾'}</text>`,
        `<rect class="sc-toggle" data-toggle="${escapeXml(state.id)}" x="${num(laid.x)}" y="${num(laid.y)}" width="${num(laid.width)}" height="28"/>`,
      );
    }
    const kind = KIND_TEXT[state.kind];
    if (kind && state.parent !== null) {
      out.push(`<text class="sc-kind" x="${num(laid.x + laid.width - 8)}" y="${num(laid.y + 18)}" text-anchor="end">${kind}</text>`);
    }
    let line = laid.y + 20;
    if (state.tags.length) {
      line += 16;
      out.push(`<text class="sc-tags" x="${num(laid.x + 12)}" y="${num(line)}">${escapeXml(state.tags.map((tag) => `#${tag}`).join(' '))}</text>`);
    }
    if (laid.collapsed) {
      line += 16;
      out.push(`<text class="sc-summary" x="${num(laid.x + 12)}" y="${num(line)}">${escapeXml(collapsedText(laid.hiddenStates, laid.hiddenTransitions))}</text>`);
    }
    for (const text of stateActionLines(state)) {
      line += 16;
      out.push(`<text class="sc-actions" x="${num(laid.x + 12)}" y="${num(line)}">${escapeXml(text)}</text>`);
    }
    for (const transition of laid.internal) {
      line += 16;
      out.push(
        `<text class="sc-internal sc-edge ${transition.kind}" data-transition="${escapeXml(transition.id)}" data-event="${escapeXml(transition.event)}" x="${num(laid.x + 12)}" y="${num(line)}">${escapeXml(internalText(transition))}</text>`,
      );
    }
    out.push('</g>');
  }
  out.push('</g><g class="sc-edges">');
  for (const initial of chart.initials) {
    out.push(
      `<g class="sc-initial" data-initial="${escapeXml(initial.parent)}" aria-hidden="true"><circle cx="${num(initial.dot.x)}" cy="${num(initial.dot.y)}" r="5"/>`,
      initial.points.length > 1 ? `<path d="${polyline(initial.points)}" marker-end="url(#sc-arrow)"/>` : '',
      '</g>',
    );
  }
  for (const edge of chart.edges) {
    const { transition, label } = edge;
    out.push(
      `<g class="sc-edge ${transition.kind}" data-transition="${escapeXml(transition.id)}" data-event="${escapeXml(transition.event)}" data-source="${escapeXml(transition.source)}" data-target="${escapeXml(edge.target)}" tabindex="0" role="img" aria-label="${escapeXml(`${label.lines.join(' ')}: ${transition.source} to ${edge.target}`)}">`,
      `<path d="${polyline(edge.points)}" marker-end="url(#sc-arrow)"/>`,
      `<g class="sc-label"><rect x="${num(label.x)}" y="${num(label.y)}" width="${num(label.width)}" height="${num(label.height)}" rx="3"/>`,
      `<text x="${num(label.x + 4)}" y="${num(label.y + 12)}">${label.lines.map((text, index) => `<tspan x="${num(label.x + 4)}"${index ? ' dy="16"' : ''}${index ? ' class="sc-edge-actions"' : ''}>${escapeXml(text)}</tspan>`).join('')}</text></g>`,
      '</g>',
    );
  }
  out.push('</g><g class="sc-invokes">');
  for (const laid of chart.invokes) {
    const { invoke } = laid;
    const link = invoke.machine
      ? ` data-machine="${escapeXml(invoke.machine)}" tabindex="0" role="link" aria-label="${escapeXml(`invoke ${invoke.id}: open the ${invoke.machine} machine`)}"`
      : ` role="img" aria-label="${escapeXml(`invoke ${invoke.id}`)}"`;
    out.push(
      `<g class="sc-invoke" data-invoke="${escapeXml(`${laid.state}#${invoke.id}`)}"${link}>`,
      `<rect x="${num(laid.x)}" y="${num(laid.y)}" width="${num(laid.width)}" height="${num(laid.height)}" rx="12"/>`,
      `<text x="${num(laid.x + 12)}" y="${num(laid.y + 16)}">${escapeXml(`invoke ${invoke.id}`)}</text>`,
      '</g>',
    );
  }
  out.push('</g></svg>');
  return `${out.filter(Boolean).join('\n')}\n`;
}
