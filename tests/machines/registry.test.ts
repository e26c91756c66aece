// Every machine exported from a file in machines/ must be in the registry (machines/index.ts).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { StateMachine } from 'xstate';
import { machines } from '../../machines/index';

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
