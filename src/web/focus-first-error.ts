// After a refused submit the focus goes where the problem is: the first field the machine marked in error. The
// machine decides (it touches the fields); the view renders that at once (flushSync) and moves the focus there.
import { flushSync } from 'react-dom';

/** Sends the submit, renders its answer, then focuses the form's (or section's) first invalid field, if any; never body. */
export function submitAndFocusFirstError(form: HTMLElement | null, send: () => void): void {
  flushSync(send);
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
