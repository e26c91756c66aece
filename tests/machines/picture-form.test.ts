// Model-based tests of the settings' picture form (machines/picture-form.ts; SPEC §2 Settings): pick (again), drop,
// upload (a failure keeps the picked file), remove the saved picture (only when there is one), each answer handed to
// settings as the new profile with a toast, failures toasted with the server's key.
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { pictureFormMachine, type PictureFormSnapshot } from '../../machines/picture-form';
import {
  selectCanRemovePicture,
  selectIsRemovingPicture,
  selectIsUploadingPicture,
  selectPickedPicture,
} from '../../machines/picture-form.selectors';
import { testServices } from './fake-platform';
import { httpError, userProfile } from './fixtures';
import { coverTransitions, expectFullCoverage, runPathOnActor, takesSample, toTestMachine } from './model';

const PICKED = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
const OTHER = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'other.jpg', { type: 'image/jpeg' });
const WITH_PICTURE = userProfile({ picture: 'https://cdn.test/avatars/1-abc.webp' });
const WITHOUT_PICTURE = userProfile({ picture: null });

const samples = [
  { type: 'picture.pick', file: PICKED },
  { type: 'picture.pick', file: OTHER },
  { type: 'picture.drop' },
  { type: 'picture.upload' },
  { type: 'picture.remove' },
  { type: 'picture.profileChanged', hasPicture: true },
  { type: 'uploadPicture.done', output: WITH_PICTURE },
  { type: 'uploadPicture.error', error: httpError('uploadPicture', 400, 'api.profile.picture_invalid') },
  { type: 'removePicture.done', output: WITHOUT_PICTURE },
  { type: 'removePicture.error', error: httpError('removePicture', 500, 'api.internal_error') },
];

const vertex = (snapshot: AnyMachineSnapshot) => {
  const { context } = snapshot as PictureFormSnapshot;
  return JSON.stringify({ value: snapshot.value, hasPicture: context.hasPicture, picked: context.picture?.name ?? null });
};

const input = () => ({ services: testServices(), hasPicture: false });
const machineUnderTest = pictureFormMachine.provide({ actions: { logError: () => {} } });
const testMachine = toTestMachine(machineUnderTest);
const model = createTestModel(testMachine, { input: input(), events: samples as never, filterEvents: takesSample(samples as never), serializeState: vertex });
const paths = coverTransitions(testMachine, model.getShortestPaths(), samples as never, input());

const toasts: Record<string, unknown> = {
  'uploadPicture.done': { type: 'notify', kind: 'success', key: 'settings.picture_saved' },
  'removePicture.done': { type: 'notify', kind: 'success', key: 'settings.picture_removed' },
  'uploadPicture.error': { type: 'notify', kind: 'error', key: 'api.profile.picture_invalid' },
  'removePicture.error': { type: 'notify', kind: 'error', key: 'api.internal_error' },
};

describe('picture form model', () => {
  it('takes every transition', () => expectFullCoverage('pictureForm', testMachine, paths));

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const { inputs } = await runPathOnActor(path, {
      machine: machineUnderTest,
      input: input(),
      promiseActors: ['uploadPicture', 'removePicture'],
      vertex,
      asChild: true,
      check: (actor, step, reports) => {
        const snapshot = actor.getSnapshot() as PictureFormSnapshot;
        const { type } = step.event;
        expect(selectPickedPicture(snapshot)).toBe(snapshot.matches('idle') ? null : snapshot.context.picture);
        expect(selectCanRemovePicture(snapshot)).toBe(snapshot.matches('idle') && snapshot.context.hasPicture);
        expect(selectIsUploadingPicture(snapshot)).toBe(snapshot.matches('uploading'));
        expect(selectIsRemovingPicture(snapshot)).toBe(snapshot.matches('removing'));
        if (toasts[type]) expect(reports.at(-1)).toEqual(toasts[type]);
        // Each answer goes to settings as the new profile, before its toast.
        if (type.endsWith('.done')) expect(reports.at(-2)).toEqual({ type: 'settings.pictureSaved', profile: (step.event as { output?: unknown }).output });
        if (type === 'uploadPicture.error') expect(selectPickedPicture(snapshot)).not.toBeNull();
      },
    });
    // The upload sends the file picked last.
    for (const call of inputs.filter(({ id }) => id === 'uploadPicture')) expect((call.input as { file: File }).file).toBeInstanceOf(File);
  });
});

describe('picture form selectors', () => {
  it('answer nothing without the child (settings not ready)', () => {
    expect([selectPickedPicture(undefined), selectCanRemovePicture(undefined), selectIsUploadingPicture(undefined)]).toEqual([null, false, false]);
  });
});
