// The settings' picture form's test model (tests/machines/picture-form.test.ts, the visualiser's test paths): its
// sample events, its vertex, and the machine under test with a fake previewUrl that records the previews it holds.
import { fromCallback, type AnyMachineSnapshot } from 'xstate';
import { pictureFormMachine, type PictureFormEvent, type PictureFormSnapshot } from '../picture-form';
import { PICTURE_LIMIT_BYTES } from '../../src/contract/forms';
import { testServices } from './fake-platform';
import { httpError, userProfile } from './fixtures';
import { failsOnCue } from './model';
import { modelSpec } from './model-spec';

/**
 * A File that serialises as its name and size: JSON.stringify of a bare File is "{}", so the graph would take the
 * three picks below for one event and keep only the last.
 */
const sampleFile = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) =>
  Object.defineProperty(new File([bytes], name, { type }), 'toJSON', { value: () => ({ name, size: bytes.length }) });

export const PICKED = sampleFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'me.png', 'image/png');
export const OTHER = sampleFile(new Uint8Array([0xff, 0xd8, 0xff]), 'other.jpg', 'image/jpeg');
/** One byte over the upload limit: refused in the browser. */
export const TOO_BIG = sampleFile(new Uint8Array(PICTURE_LIMIT_BYTES + 1), 'huge.jpg', 'image/jpeg');
export const WITH_PICTURE = userProfile({ picture: 'https://cdn.test/avatars/1-abc.webp' });
export const WITHOUT_PICTURE = userProfile({ picture: null });

export const pictureFormSampleEvents = [
  { type: 'picture.pick', file: PICKED },
  { type: 'picture.pick', file: OTHER },
  { type: 'picture.pick', file: TOO_BIG },
  { type: 'picture.drop' },
  { type: 'picture.upload' },
  { type: 'picture.remove' },
  { type: 'picture.profileChanged', hasPicture: true },
  { type: 'picture.previewReady', url: 'blob:https://tickets.test/preview-1' },
  { type: 'uploadPicture.done', output: WITH_PICTURE },
  { type: 'uploadPicture.error', error: httpError('uploadPicture', 400, 'api.profile.picture_invalid') },
  { type: 'removePicture.done', output: WITHOUT_PICTURE },
  { type: 'removePicture.error', error: httpError('removePicture', 500, 'api.internal_error') },
  { type: 'previewUrl.error', error: new Error('no object URL for this file') },
];

export const pictureFormVertex = (snapshot: AnyMachineSnapshot) => {
  const { context } = snapshot as PictureFormSnapshot;
  return JSON.stringify({ value: snapshot.value, hasPicture: context.hasPicture, picked: context.picture?.name ?? null, preview: context.previewUrl !== null });
};

export const pictureFormInput = () => ({ services: testServices(), hasPicture: false });
/** A previewUrl that records which files it made a URL for and whether it still holds it (the path sends the URL). */
export const previews: Array<{ file: File; held: boolean }> = [];
export const fakePreview = fromCallback<PictureFormEvent, { file: File }>(({ input, receive }) => {
  const preview = { file: input.file, held: true };
  previews.push(preview);
  failsOnCue(receive, () => void (preview.held = false));
  return () => void (preview.held = false);
});

/** The picture form's model-based test: no saved picture at the start. */
export const pictureFormSpec = modelSpec({
  name: 'pictureForm',
  machine: pictureFormMachine.provide({ actions: { logError: () => {} }, actors: { previewUrl: fakePreview } }),
  starts: [{ name: 'start', input: pictureFormInput }],
  events: pictureFormSampleEvents,
  serializeState: pictureFormVertex,
});
