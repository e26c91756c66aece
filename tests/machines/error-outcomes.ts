// Every invoke must say what happens when it fails, and a failure must not look like a success. xstate/graph's
// coverage cannot see this: once an `onError` is deleted its transition (and the sample event for it) is gone, and
// the coverage of what is left still reads 100 %. So this reads the machine's structure instead.
import type { AnyStateMachine } from 'xstate';

interface StateNodeLike {
  id: string;
  type: string;
  invoke: Array<{ id: string; src: unknown }>;
  transitions: Map<string, Array<{ target?: StateNodeLike[]; actions: readonly unknown[] }>>;
  states: Record<string, StateNodeLike>;
}

export interface ErrorOutcomeProblem {
  /** `<state node id> invoke <invoke id>`: the key an excuse names. */
  key: string;
  problem: string;
}

const targets = (branch: { target?: StateNodeLike[] }) => (branch.target ?? []).map((node) => node.id);

/**
 * The invokes of `machine` whose error outcome is missing, or ends where success ends without doing anything of
 * its own (no action to tell it apart), or ends in a final state. `excused` names such an invoke with the reason
 * its failure is meant to end there; an excuse for an invoke that has no problem is a problem too.
 */
export function errorOutcomeProblems(machine: AnyStateMachine, excused: Readonly<Record<string, string>> = {}): ErrorOutcomeProblem[] {
  const problems: ErrorOutcomeProblem[] = [];
  const found = new Set<string>();
  const visit = (node: StateNodeLike) => {
    for (const { id } of node.invoke) {
      const key = `${node.id} invoke ${id}`;
      const onError = node.transitions.get(`xstate.error.actor.${id}`) ?? [];
      const onDone = node.transitions.get(`xstate.done.actor.${id}`) ?? [];
      const doneTargets = new Set(onDone.flatMap(targets));
      let problem: string | undefined;
      if (onError.length === 0) problem = 'has no onError: a failure would be dropped silently';
      else {
        for (const branch of onError) {
          const ends = branch.target ?? [];
          if (ends.some((end) => end.type === 'final')) problem = `its onError ends in the final state ${targets(branch).join(', ')}`;
          else if (ends.length > 0 && branch.actions.length === 0 && targets(branch).every((target) => doneTargets.has(target))) {
            problem = `its onError goes where onDone goes (${targets(branch).join(', ')}) and does nothing of its own`;
          }
        }
      }
      if (!problem) continue;
      found.add(key);
      if (!(key in excused)) problems.push({ key, problem });
    }
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root as unknown as StateNodeLike);
  for (const key of Object.keys(excused)) {
    if (!found.has(key)) problems.push({ key, problem: 'is excused, but its error outcome has no problem (or it does not exist)' });
  }
  return problems;
}
