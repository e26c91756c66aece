// The paths file of one machine (dist/visualizer/paths/<name>.json): each distinct event and state value once, the
// paths' steps as [event, value] indexes. Written at build (scripts/visualizer-paths.ts), read by the page.
import type { MachinePaths, ModelPath } from './model-paths';

export type PackedPaths =
  | { unavailable: string }
  | { coverage: MachinePaths['coverage']; samples?: MachinePaths['samples']; events: string[]; values: unknown[]; paths: Array<{ start: string; description: string; steps: Array<[number, number]> }> };

export function packPaths(entry: MachinePaths | { unavailable: string }): PackedPaths {
  if ('unavailable' in entry) return entry;
  const events: string[] = [];
  const values: unknown[] = [];
  const eventIndex = new Map<string, number>();
  const valueIndex = new Map<string, number>();
  const index = <T>(list: T[], seen: Map<string, number>, key: string, item: T) => {
    let at = seen.get(key);
    if (at === undefined) {
      at = list.push(item) - 1;
      seen.set(key, at);
    }
    return at;
  };
  return {
    coverage: entry.coverage,
    ...(entry.samples ? { samples: entry.samples } : {}),
    events,
    values,
    paths: entry.paths.map((path) => ({
      start: path.start,
      description: path.description,
      steps: path.steps.map((step) => [index(events, eventIndex, step.event, step.event), index(values, valueIndex, JSON.stringify(step.value), step.value)]),
    })),
  };
}

export function unpackPaths(packed: PackedPaths): MachinePaths | { unavailable: string } {
  if ('unavailable' in packed) return packed;
  return {
    coverage: packed.coverage,
    ...(packed.samples ? { samples: packed.samples } : {}),
    paths: packed.paths.map((path): ModelPath => ({
      start: path.start,
      description: path.description,
      steps: path.steps.map(([event, value]) => ({ event: packed.events[event]!, value: packed.values[value] })),
    })),
  };
}
