// Model-based tests of the settings' picture form (machines/picture-form.ts; docs/product.md §2 Settings): pick (again), drop,
// upload (a failure keeps the picked file), remove the saved picture (only when there is one), each answer handed to
// settings as the new profile with a toast, failures toasted with the server's key.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { PICTURE_TOO_BIG_KEY, pictureFormMachine, type PictureFormSnapshot } from '../../machines/picture-form';
import {
  selectCanRemovePicture,
  selectIsRemovingPicture,
  selectIsUploadingPicture,
  selectPickedPicture,
  selectPicturePreview,
} from '../../machines/picture-form.selectors';
import { expectFullCoverage, runPathOnActor, startAsChild } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { OTHER, PICKED, pictureFormInput, pictureFormSpec, pictureFormVertex, previews, TOO_BIG } from '../../machines/models/picture-form.model';

const input = pictureFormInput;
const vertex = pictureFormVertex;
const machineUnderTest = pictureFormSpec.machine;
const { testMachine, paths } = pathsOf(pictureFormSpec);

const toasts: Record<string, unknown> = {
  'uploadPicture.done': { type: 'notify', kind: 'success', key: 'settings.picture_saved' },
  'removePicture.done': { type: 'notify', kind: 'success', key: 'settings.picture_removed' },
  'uploadPicture.error': { type: 'notify', kind: 'error', key: 'api.profile.picture_invalid' },
  'removePicture.error': { type: 'notify', kind: 'error', key: 'api.internal_error' },
};

describe('picture form model', () => {
  it('takes every transition', () => expectFullCoverage(pictureFormSpec.name, testMachine, paths, pictureFormSpec.excused));

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    // Whether the preview of the picture picked last failed (no URL to hold then).
    let previewFailed = false;
    const { inputs } = await runPathOnActor(path, {
      machine: machineUnderTest,
      input: input(),
      promiseActors: ['uploadPicture', 'removePicture'],
      vertex,
      asChild: true,
      check: (actor, step, reports) => {
        const snapshot = actor.getSnapshot() as PictureFormSnapshot;
        const { type } = step.event;
        if (type === 'picture.pick') previewFailed = false;
        if (type === 'previewUrl.error') previewFailed = true;
        expect(selectPickedPicture(snapshot)).toBe(snapshot.matches('idle') ? null : snapshot.context.picture);
        expect(selectCanRemovePicture(snapshot)).toBe(snapshot.matches('idle') && snapshot.context.hasPicture);
        expect(selectIsUploadingPicture(snapshot)).toBe(snapshot.matches({ chosen: 'uploading' }));
        // The preview's URL is held exactly while a picture is chosen, for the file chosen last; it goes with it.
        const held = previews.filter((preview) => preview.held);
        expect(held.map((preview) => preview.file)).toEqual(snapshot.matches('chosen') && !previewFailed ? [snapshot.context.picture] : []);
        // No preview: the picked picture stays, to be uploaded without one.
        if (type === 'previewUrl.error') {
          expect(selectPicturePreview(snapshot)).toBeNull();
          expect(snapshot.matches({ chosen: 'picked' })).toBe(true);
        }
        if (!snapshot.matches('chosen')) expect(selectPicturePreview(snapshot)).toBeNull();
        expect(selectIsRemovingPicture(snapshot)).toBe(snapshot.matches('removing'));
        if (toasts[type]) expect(reports.at(-1)).toEqual(toasts[type]);
        // Each answer goes to settings as the new profile, before its toast.
        if (type.endsWith('.done')) expect(reports.at(-2)).toEqual({ type: 'settings.pictureSaved', profile: (step.event as { output?: unknown }).output });
        if (type === 'uploadPicture.error') expect(selectPickedPicture(snapshot)).not.toBeNull();
        // A file over the limit is never kept (so never uploaded): a toast says why, what was picked before stays.
        if (type === 'picture.pick' && (step.event as unknown as { file: File }).file === TOO_BIG) {
          expect(reports.at(-1)).toEqual({ type: 'notify', kind: 'error', key: PICTURE_TOO_BIG_KEY });
          expect(snapshot.context.picture).not.toBe(TOO_BIG);
        }
      },
    });
    // The upload sends the file picked last.
    for (const call of inputs.filter(({ id }) => id === 'uploadPicture')) expect((call.input as { file: File }).file).toBeInstanceOf(File);
  });
});

describe('picture form size limit', () => {
  it('refuses a file over the limit before any upload, keeping what was picked before', () => {
    const { flow, reports, root } = startAsChild(machineUnderTest, input());
    flow.send({ type: 'picture.pick', file: TOO_BIG });
    expect((flow.getSnapshot() as PictureFormSnapshot).matches('idle')).toBe(true);
    expect(reports.at(-1)).toEqual({ type: 'notify', kind: 'error', key: PICTURE_TOO_BIG_KEY });
    flow.send({ type: 'picture.pick', file: PICKED });
    flow.send({ type: 'picture.pick', file: TOO_BIG });
    expect(selectPickedPicture(flow.getSnapshot() as PictureFormSnapshot)).toBe(PICKED);
    expect(reports.filter((report) => (report as { key?: string }).key === PICTURE_TOO_BIG_KEY)).toHaveLength(2);
    root.stop();
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
