// useKeepFocus (src/web/use-keep-focus.ts, with keepFocus from src/web/keep-focus.ts, loaded once the first panel
// has shown): a focus dropped to <body> inside the open panel goes to the newest step's
// heading (or the screen's title), and a re-render in the middle of a focus move (a field's blur) leaves the focus
// where the person moved it.
import { act, render } from '@testing-library/react';
import { type ReactElement, useRef, useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { markFirstPanel } from '../../src/web/first-panel';
import { useKeepFocus } from '../../src/web/use-keep-focus';

const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)));

/** Renders a panel and lets its keeper start (it attaches once its chunk's import has resolved). */
async function renderPanel(ui: ReactElement) {
  const view = render(ui);
  await tick();
  return view;
}

function Panel({ step, blurError }: { step: 1 | 2; blurError?: boolean }): ReactElement {
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState(false);
  useKeepFocus(true, ref);
  return (
    <div ref={ref}>
      <main className="tw-main">
        <h1>Resell a ticket</h1>
        {step === 1 ? (
          <>
            <input aria-label="E-mail" onBlur={() => blurError && setError(true)} />
            {error ? <p role="alert">Enter your e-mail</p> : null}
            <button type="button">Continue</button>
          </>
        ) : (
          <h2 data-focus-step>Your price</h2>
        )}
      </main>
    </div>
  );
}

function Single({ show }: { show: boolean }): ReactElement {
  const ref = useRef<HTMLDivElement>(null);
  useKeepFocus(true, ref);
  return (
    <div ref={ref}>
      <main className="tw-main">
        <h1>Settings</h1>
        {show ? <button type="button">Save</button> : <p>Saved</p>}
      </main>
    </div>
  );
}

describe('useKeepFocus', () => {
  // The keeper waits for the first panel and comes as a chunk of its own: here the panel has shown and the chunk is in.
  beforeAll(async () => {
    markFirstPanel();
    await import('../../src/web/keep-focus');
  });

  it('puts a focus lost with its step on the new step heading', async () => {
    const view = await renderPanel(<Panel step={1} />);
    const button = view.getByRole('button', { name: 'Continue' });
    act(() => button.focus());
    view.rerender(<Panel step={2} />);
    await tick();
    expect(document.activeElement?.textContent).toBe('Your price');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('falls back to the screen title when no step is marked', async () => {
    const view = await renderPanel(<Single show />);
    act(() => view.getByRole('button', { name: 'Save' }).focus());
    view.rerender(<Single show={false} />);
    await tick();
    expect(document.activeElement?.textContent).toBe('Settings');
  });

  it('leaves the focus on the next control when a blur re-renders the form on the way', async () => {
    const view = await renderPanel(<Panel step={1} blurError />);
    const field = view.getByLabelText('E-mail');
    const button = view.getByRole('button', { name: 'Continue' });
    act(() => field.focus());
    // Tab: the field's blur shows its error (a mutation while the focus is between the two), then Continue has it.
    act(() => button.focus());
    await tick();
    expect(view.getByRole('alert').textContent).toBe('Enter your e-mail');
    expect(document.activeElement).toBe(button);
  });

  it('does not take the focus of a person who never was inside the panel', async () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    const view = await renderPanel(<Panel step={1} />);
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    view.rerender(<Panel step={2} />);
    await tick();
    expect(document.activeElement).toBe(document.body);
    outside.remove();
  });
});
