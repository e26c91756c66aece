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
  parent?: StateNodeLike;
}

export interface ErrorOutcomeProblem {
  /** `<state node id> invoke <invoke id>`: the key an excuse names. */
  key: string;
  problem: string;
}

/** The state a branch ends in: its targets, or the invoking state itself when it has none (it stays). */
const ends = (branch: { target?: StateNodeLike[] }, node: StateNodeLike) => (branch.target?.length ? branch.target : [node]);

/** `ancestor` is `node` or contains it (entering it may end in `node` again). */
function contains(ancestor: StateNodeLike, node: StateNodeLike): boolean {
  for (let at: StateNodeLike | undefined = node; at; at = at.parent) if (at === ancestor) return true;
  return false;
}

/**
 * The invokes of `machine` whose error outcome is missing, or ends in a final state, or ends in a state its onDone
 * also ends in (the same state, or one that contains it), whatever actions it carries: an action (a log, a message
 * in context) does not make a success state a failure's. A branch without a target ends where the invoke is. `excused` names such an invoke with the reason
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
      const successes = onDone.flatMap((branch) => ends(branch, node));
      let problem: string | undefined;
      if (onError.length === 0) problem = 'has no onError: a failure would be dropped silently';
      else {
        for (const branch of onError) {
          const errorEnds = branch.target ?? [];
          const final = errorEnds.find((end) => end.type === 'final');
          const success = ends(branch, node).find((end) => successes.some((done) => contains(end, done)));
          if (final) problem = `its onError ends in the final state ${final.id}`;
          else if (success) problem = `its onError ends in ${success.id}, where onDone ends too: a failure would look like a success`;
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
