// Every machine exported from a file in machines/ must be in the registry (machines/index.ts), and walking the root
// through its invokes (a flow's lazy stand-in resolved by its registry id) reaches every one of them.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, StateMachine } from 'xstate';
import { registryIdOf } from '../../machines/stand-in';
import { type MachineName, machines, rootMachine } from '../../machines/index';

const directory = fileURLToPath(new URL('../../machines/', import.meta.url));
const files = readdirSync(directory).filter((file) => file.endsWith('.ts') && file !== 'index.ts');

describe('machine registry', () => {
  const registered = new Set<unknown>(Object.values(machines));

  it.each(files)('every machine exported by machines/%s is registered', async (file) => {
    const module = (await import(`../../machines/${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
    const exported = Object.entries(module).filter(([, value]) => value instanceof StateMachine);
    for (const [name, machine] of exported) {
      expect(registered.has(machine), `${file} exports ${name}, missing from machines/index.ts`).toBe(true);
    }
  });

  it('registers each machine under its id', () => {
    for (const [name, machine] of Object.entries(machines)) expect(machine.id).toBe(name);
  });

  it('gives every state with a screen a description', () => {
    for (const machine of Object.values(machines)) {
      const visit = (node: { meta?: { screen?: string; description?: string }; states: Record<string, unknown> }) => {
        if (node.meta?.screen) expect(node.meta.description, `${machine.id} ${node.meta.screen}`).toBeTruthy();
        for (const child of Object.values(node.states)) visit(child as typeof node);
      };
      visit(machine.root as never);
    }
  });
});

type StateNodeLike = { id: string; invoke: Array<{ id: string; src: unknown }>; transitions: Map<string, unknown>; states: Record<string, unknown> };

/** The machine an invoke runs: an inline or named machine, or a flow's stand-in resolved through the registry. */
function invokedMachine(machine: AnyStateMachine, src: unknown): { machine: AnyStateMachine; registryId?: string } | null {
  const logic = typeof src === 'string' ? (machine.implementations.actors as Record<string, unknown>)[src] : src;
  if (logic instanceof StateMachine) return { machine: logic as AnyStateMachine };
  const registryId = registryIdOf(logic);
  return registryId ? { machine: machines[registryId as MachineName], registryId } : null;
}

/** Every child-machine invoke under the root, with the machine that invokes it. */
function walk(): { reached: Set<string>; invokes: Array<{ node: StateNodeLike; id: string; src: unknown; child: AnyStateMachine; registryId?: string }> } {
  const reached = new Set<string>();
  const invokes: ReturnType<typeof walk>['invokes'] = [];
  const visitMachine = (machine: AnyStateMachine) => {
    if (reached.has(machine.id)) return;
    reached.add(machine.id);
    const visitNode = (node: StateNodeLike) => {
      for (const definition of node.invoke) {
        const child = invokedMachine(machine, definition.src);
        if (!child) continue;
        invokes.push({ node, id: definition.id, src: definition.src, child: child.machine, registryId: child.registryId });
        visitMachine(child.machine);
      }
      for (const state of Object.values(node.states)) visitNode(state as StateNodeLike);
    };
    visitNode(machine.root as unknown as StateNodeLike);
  };
  visitMachine(rootMachine);
  return { reached, invokes };
}

describe('the actor tree', () => {
  const { reached, invokes } = walk();
  /** Not part of the wallet: the server's rule of what may happen to a ticket (src/server/modules/lifecycle). */
  const notInTheTree: MachineName[] = ['ticketLifecycle'];

  it('walking the root and its invokes reaches every registered machine', () => {
    const expected = (Object.keys(machines) as MachineName[]).filter((name) => !notInTheTree.includes(name));
    expect([...reached].sort()).toEqual(expected.sort());
  });

  it("resolves a flow's stand-in by its registry id, which is the invoke's id and src", () => {
    const flows = invokes.filter((invoke) => invoke.registryId);
    expect(flows.length).toBeGreaterThan(0);
    for (const invoke of flows) {
      expect(invoke.src, invoke.node.id).toBe(invoke.registryId);
      expect(invoke.id, invoke.node.id).toBe(invoke.registryId);
      expect(invoke.child.id).toBe(invoke.registryId);
    }
  });

  it('handles the error of every child machine it invokes (onError)', () => {
    const unhandled = invokes
      .filter(({ node, id }) => !node.transitions.has(`xstate.error.actor.${id}`))
      .map(({ node, id }) => `${node.id} invokes ${id}`);
    expect(unhandled).toEqual([]);
  });
});
