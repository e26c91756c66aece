// What the views rely on in @xstate/react's useSelector: the component sees the selected part of an actor's snapshot,
// re-renders only when that part changes (by the compare function), follows a new actor, and hands an actor's error
// to React.
import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { useSelector } from '@xstate/react';

const counter = setup({
  types: { context: {} as { count: number; other: number }, events: {} as { type: 'inc' } | { type: 'other' } | { type: 'crash' } },
  actions: {
    crash: () => {
      throw new Error('crashed');
    },
  },
}).createMachine({
  context: { count: 0, other: 0 },
  on: {
    inc: { actions: assign({ count: ({ context }) => context.count + 1 }) },
    other: { actions: assign({ other: ({ context }) => context.other + 1 }) },
    crash: { actions: 'crash' },
  },
});

type Counter = ReturnType<typeof createActor<typeof counter>>;

function View({ actor, renders }: { actor: Counter | undefined; renders: string[] }) {
  const count = useSelector(actor, (snapshot) => snapshot?.context.count ?? -1);
  // A new array every time, equal by content: the compare keeps the first one.
  const pair = useSelector(actor, (snapshot) => [snapshot?.context.count ?? -1], (a, b) => a[0] === b[0]);
  renders.push(`${count}/${pair[0]}`);
  return <p>count {count}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>error {this.state.error}</p> : this.props.children;
  }
}

describe('useSelector', () => {
  it('re-renders when the selected value changes and not when another part of the snapshot does', () => {
    const actor = createActor(counter).start();
    const renders: string[] = [];
    render(<View actor={actor} renders={renders} />);
    expect(screen.getByText('count 0')).toBeTruthy();
    const before = renders.length;
    act(() => actor.send({ type: 'other' }));
    expect(renders.length).toBe(before);
    act(() => actor.send({ type: 'inc' }));
    expect(screen.getByText('count 1')).toBeTruthy();
    expect(renders.at(-1)).toBe('1/1');
  });

  it('answers the selector of no snapshot without an actor, then follows the actor it is given', () => {
    const renders: string[] = [];
    const { rerender } = render(<View actor={undefined} renders={renders} />);
    expect(screen.getByText('count -1')).toBeTruthy();
    const actor = createActor(counter).start();
    act(() => actor.send({ type: 'inc' }));
    rerender(<View actor={actor} renders={renders} />);
    expect(screen.getByText('count 1')).toBeTruthy();
  });

  it("throws the actor's error to the nearest error boundary", () => {
    const actor = createActor(counter).start();
    actor.subscribe({ error: () => {} });
    render(
      <Boundary>
        <View actor={actor} renders={[]} />
      </Boundary>,
    );
    act(() => actor.send({ type: 'crash' }));
    expect(screen.getByText('error crashed')).toBeTruthy();
  });
});
