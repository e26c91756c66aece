// Every registered machine's chart, from its definition (machines/index.ts): the graph, its ELK layout, the SVG and
// the Mermaid text. `npm run charts` writes them to docs/statecharts/, and tests/unit/charts.test.ts regenerates
// them in memory to find a committed chart that no longer matches its machine.
import type { AnyStateMachine } from 'xstate';
import { machines } from '../../machines/index';
import { type ChartGraph, machineGraph, registryResolver } from './graph';
import { layoutChart } from './layout';
import { chartMermaid } from './mermaid';
import { chartSvg } from './svg';

export const chartsDir = 'docs/statecharts';

const resolveInvoke = registryResolver(machines);

/** The graph of one registered machine. */
export function registeredGraph(name: string): ChartGraph {
  const machine = (machines as Record<string, AnyStateMachine>)[name];
  if (!machine) throw new Error(`no machine named ${name} in machines/index.ts`);
  return machineGraph(name, machine, resolveInvoke);
}

/** Every registered machine's name, in registry order. */
export const machineNames = () => Object.keys(machines);

/** The files of every chart: `<name>.svg` and `<name>.mmd`, in registry order. */
export async function renderCharts(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const name of machineNames()) {
    const graph = registeredGraph(name);
    files.set(`${name}.svg`, chartSvg(await layoutChart(graph)));
    files.set(`${name}.mmd`, chartMermaid(graph));
  }
  return files;
}
