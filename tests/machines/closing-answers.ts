// What a flow answers the router when it is asked about closing (machines/closing.ts): checked after every step of
// a flow's model paths. `flow.close` is answered with "Discard?" from a half-done state, with a dismissal from any
// other, and not at all while the flow's commit is in flight; `flow.discard` with a dismissal once it let go.
import { expect } from 'vitest';

export type ClosingAnswer = 'panel.askDiscard' | 'panel.dismiss' | 'none';

/** A checker for one path: call it after every step with the step's event type, the reports so far and the expected answer. */
export function closingAnswers() {
  let before = 0;
  return (type: string, reports: readonly unknown[], expected: () => ClosingAnswer): void => {
    const fresh = reports.slice(before);
    before = reports.length;
    if (type !== 'flow.close' && type !== 'flow.discard') return;
    const answer = expected();
    expect(fresh, `${type} answers ${answer}`).toEqual(answer === 'none' ? [] : [{ type: answer }]);
  };
}
