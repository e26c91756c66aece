// Model-based tests of the settings' picture form (machines/picture-form.ts; SPEC §2 Settings): pick (again), drop,
// upload (a failure keeps the picked file), remove the saved picture (only when there is one), each answer handed to
// settings as the new profile with a toast, failures toasted with the server's key.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { pictureFormMachine, type PictureFormEvent, type PictureFormSnapshot } from '../../machines/picture-form';
import {
  selectCanRemovePicture,
  selectIsRemovingPicture,
  selectIsUploadingPicture,
  selectPickedPicture,
  selectPicturePreview,
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
  { type: 'picture.previewReady', url: 'blob:https://tickets.test/preview-1' },
  { type: 'uploadPicture.done', output: WITH_PICTURE },
  { type: 'uploadPicture.error', error: httpError('uploadPicture', 400, 'api.profile.picture_invalid') },
  { type: 'removePicture.done', output: WITHOUT_PICTURE },
  { type: 'removePicture.error', error: httpError('removePicture', 500, 'api.internal_error') },
];

const vertex = (snapshot: AnyMachineSnapshot) => {
  const { context } = snapshot as PictureFormSnapshot;
  return JSON.stringify({ value: snapshot.value, hasPicture: context.hasPicture, picked: context.picture?.name ?? null, preview: context.previewUrl !== null });
};

const input = () => ({ services: testServices(), hasPicture: false });
/** A previewUrl that records which files it made a URL for and whether it still holds it (the path sends the URL). */
const previews: Array<{ file: File; held: boolean }> = [];
const fakePreview = fromCallback<PictureFormEvent, { file: File }>(({ input }) => {
  const preview = { file: input.file, held: true };
  previews.push(preview);
  return () => void (preview.held = false);
});
const machineUnderTest = pictureFormMachine.provide({ actions: { logError: () => {} }, actors: { previewUrl: fakePreview } });
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
        expect(selectIsUploadingPicture(snapshot)).toBe(snapshot.matches({ chosen: 'uploading' }));
        // The preview's URL is held exactly while a picture is chosen, for the file chosen last; it goes with it.
        const held = previews.filter((preview) => preview.held);
        expect(held.map((preview) => preview.file)).toEqual(snapshot.matches('chosen') ? [snapshot.context.picture] : []);
        if (!snapshot.matches('chosen')) expect(selectPicturePreview(snapshot)).toBeNull();
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

describe('picture form preview', () => {
  it('makes an object URL of the picked file, a new one for another file, and revokes each when it goes', () => {
    const made: string[] = [];
    const revoked: string[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (file: Blob) => {
      const url = `blob:test/${(file as File).name}`;
      made.push(url);
      return url;
    };
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
    try {
      const actor = createActor(pictureFormMachine, { input: input() }).start();
      actor.send({ type: 'picture.pick', file: PICKED });
      expect(selectPicturePreview(actor.getSnapshot())).toBe('blob:test/me.png');
      actor.send({ type: 'picture.pick', file: OTHER });
      expect(selectPicturePreview(actor.getSnapshot())).toBe('blob:test/other.jpg');
      expect(revoked).toEqual(['blob:test/me.png']);
      actor.send({ type: 'picture.drop' });
      expect(selectPicturePreview(actor.getSnapshot())).toBeNull();
      expect(revoked).toEqual(['blob:test/me.png', 'blob:test/other.jpg']);
      expect(made).toEqual(['blob:test/me.png', 'blob:test/other.jpg']);
      actor.stop();
    } finally {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });
});

describe('picture form selectors', () => {
  it('answer nothing without the child (settings not ready)', () => {
    expect([selectPickedPicture(undefined), selectCanRemovePicture(undefined), selectIsUploadingPicture(undefined)]).toEqual([null, false, false]);
  });
});
