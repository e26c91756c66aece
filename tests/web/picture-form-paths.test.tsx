// Model-based paths of the picture form (machines/models/picture-form.model.ts) on the rendered wallet at SETTINGS, its
// real screen (src/web/components/picture-form.tsx): choosing a file, Cancel, Upload and Remove picture are a
// person's; msw holds the upload and the removal until the path answers them (`responseFor`, the contract's shapes).
// After every step the screen shows what the model's state says (the picked file's name and preview, Upload busy,
// Remove picture offered or busy, the toast), and the API has exactly the requests the state is waiting for: the
// upload carries the picked file. A failing step names the machine, the path and the step.
// All the model's shortest paths plus one per missed transition run (no sampling): about 20 paths, a few seconds.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { pictureFormMachine, type PictureFormSnapshot } from '../../machines/picture-form';
import { expectFullCoverage, toTestMachine } from '../../machines/models/model';
import { pictureFormInput, pictureFormSampleEvents, pictureFormVertex } from '../../machines/models/picture-form.model';
import { errorCode } from '../../src/client/errors';
import { endpoints } from '../../src/contract/endpoints';
import { PICTURE_LIMIT_BYTES } from '../../src/contract/forms';
import { i18n } from '../../src/web/i18n';
import { handle, signInApi } from './fake-api';
import { atStep, holdRequests, responseFor, screenModelPaths, type HeldRequests } from './path-helpers';
import { setUpWalletTests } from './render-wallet';

const tests = setUpWalletTests();
const quick = { interval: 5 };

const testMachine = toTestMachine(pictureFormMachine);
const input = pictureFormInput();
/**
 * Not a person's steps here: the preview's object URL is made by the real `previewUrl` actor the moment a file is
 * picked (so `chosen` shows the preview at once, and it cannot fail in the browser), and `picture.profileChanged`
 * comes from settings when another form saves (tests/web/settings-paths.test.tsx). tests/machines/picture-form.test.ts
 * takes those on the actor.
 */
const notOnScreen = ['picture.previewReady', 'previewUrl.error', 'picture.profileChanged'];
const paths = screenModelPaths({
  machine: testMachine,
  input,
  events: pictureFormSampleEvents,
  vertex: pictureFormVertex,
  onScreen: (_, event) => !notOnScreen.includes(event.type),
});

const section = () => within(screen.getByRole('region', { name: 'Profile picture' }));

async function perform(event: EventObject, before: PictureFormSnapshot, requests: HeldRequests): Promise<void> {
  const settled = /^(uploadPicture|removePicture)\.(done|error)$/.exec(event.type);
  if (settled) {
    const endpoint = settled[1] as 'uploadPicture' | 'removePicture';
    await waitFor(() => expect(requests.pending(endpoint), `${endpoint} sent`).toHaveLength(1), quick);
    const [held] = requests.pending(endpoint);
    // The contract's method and path (src/contract/endpoints.ts).
    expect(held!.request.method, `${endpoint} method`).toBe(endpoints[endpoint].method);
    expect(new URL(held!.request.url).pathname.endsWith(endpoints[endpoint].path), `${endpoint} path`).toBe(true);
    if (endpoint === 'uploadPicture') {
      // The upload carries the picked file under "picture", as the contract's form data says.
      const sent = (await held!.request.clone().formData()).get('picture') as File | null;
      expect(sent?.name, 'uploaded file').toBe(before.context.picture?.name);
      expect(sent?.size, 'uploaded size').toBe(before.context.picture?.size);
    }
    await requests.answer(endpoint, () => responseFor(event));
    return;
  }
  switch (event.type) {
    case 'picture.pick':
      fireEvent.change(screen.getByLabelText('Choose a picture'), { target: { files: [(event as unknown as { file: File }).file] } });
      return;
    case 'picture.drop':
      fireEvent.click(section().getByRole('button', { name: 'Cancel' }));
      return;
    case 'picture.upload':
      fireEvent.click(section().getByRole('button', { name: 'Upload' }));
      return;
    case 'picture.remove':
      fireEvent.click(section().getByRole('button', { name: 'Remove picture' }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

function expectScreenMatches(state: PictureFormSnapshot, requests: HeldRequests): void {
  const box = section();
  const picked = state.matches('idle') ? null : state.context.picture;
  const uploading = state.hasTag('uploadingPicture');
  const removing = state.hasTag('removingPicture');
  // The picked file's name stands beside its preview (the real actor's object URL); without one, the hint.
  expect(box.queryByText(picked?.name ?? 'x'.repeat(99)) !== null, 'picked file name').toBe(picked !== null);
  const preview = box.queryByRole('img', { name: i18n.t('settings.picture_preview') });
  expect(preview?.getAttribute('src')?.startsWith('blob:') ?? false, 'preview').toBe(picked !== null);
  const upload = box.queryByRole('button', { name: 'Upload' });
  expect(upload !== null, 'Upload offered').toBe(picked !== null);
  if (upload) expect(upload.getAttribute('aria-busy') === 'true', 'Upload busy').toBe(uploading);
  const cancel = box.queryByRole('button', { name: 'Cancel' }) as HTMLButtonElement | null;
  expect(cancel !== null, 'Cancel offered').toBe(picked !== null);
  if (cancel) expect(cancel.disabled, 'Cancel disabled').toBe(uploading);
  const remove = box.queryByRole('button', { name: 'Remove picture' });
  expect(remove !== null, 'Remove picture offered').toBe(picked === null && (state.context.hasPicture || removing));
  if (remove) expect(remove.getAttribute('aria-busy') === 'true', 'Remove busy').toBe(removing);
  // What the API has been asked and not yet answered: exactly what the state waits for.
  expect(requests.pending('uploadPicture'), 'uploads waiting').toHaveLength(uploading ? 1 : 0);
  expect(requests.pending('removePicture'), 'removals waiting').toHaveLength(removing ? 1 : 0);
}

/** The toast a step must show, if any. */
function toastOf(event: EventObject): string | null {
  const { file } = event as unknown as { file?: File };
  if (event.type === 'picture.pick' && file && file.size > PICTURE_LIMIT_BYTES) return i18n.t('settings.picture_too_big');
  if (event.type === 'uploadPicture.done') return i18n.t('settings.picture_saved');
  if (event.type === 'removePicture.done') return i18n.t('settings.picture_removed');
  if (event.type.endsWith('.error')) return i18n.t(errorCode((event as unknown as { error: unknown }).error) ?? 'request_failed');
  return null;
}

describe('picture form paths on the rendered screen', () => {
  it('take every transition a person can', () =>
    expectFullCoverage('pictureForm (screen)', testMachine, paths, {
      'pictureForm on picture.profileChanged': 'sent by settings when another form saves: tests/web/settings-paths.test.tsx',
      'pictureForm.chosen on picture.previewReady': 'sent by the real previewUrl actor on entering chosen (the preview is asserted there)',
      'pictureForm.chosen on previewUrl.error': 'an object URL of a picked file does not fail in the browser: tests/machines/picture-form.test.ts',
    }));

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (description, path) => {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    tests.server.use(...api.handlers);
    // The payout child reads the account once the profile is ready: none yet (tests/web/payout-paths covers the rest).
    tests.server.use(handle('paymentsAccount', () => ({ clientSecret: '', provider: 'local' as const, publishableKey: null, verified: false, country: null, payoutFailure: null })));
    const requests = holdRequests(tests, ['uploadPicture', 'removePicture']);
    tests.render('/en/?PANEL_TAB=SETTINGS', api.signedInStorage('alex@example.com'));
    for (const [index, step] of path.steps.entries()) {
      const before = (path.steps[index - 1]?.state ?? step.state) as AnyMachineSnapshot as PictureFormSnapshot;
      await atStep('pictureForm', description, index, step.event, async () => {
        if (index > 0) await perform(step.event, before, requests);
        await waitFor(() => expectScreenMatches(step.state as AnyMachineSnapshot as PictureFormSnapshot, requests), quick);
        const toast = index > 0 ? toastOf(step.event) : null;
        if (toast) await waitFor(() => expect(screen.getAllByText(toast).length, `toast "${toast}"`).toBeGreaterThan(0), quick);
      });
    }
  });
});
