// The settings' profile picture form (docs/product.md §2 Settings): pick (or drop) a file, see it in its square crop, upload it;
// or remove the saved picture. A child of settings while its profile is ready: each answer is the new profile, which
// it hands to settings (`settings.pictureSaved`) with a toast; failures toast the server's key or request_failed.
import { assign, fromCallback, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { UserProfile } from '../src/contract/entities';
import { PICTURE_LIMIT_BYTES } from '../src/contract/forms';
import { addRoutes } from '../src/client/client';
import { errorCode } from '../src/client/errors';
import { reportError } from './services';
import type { LogParams, Toast, WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('uploadPicture', 'removePicture'));

export interface PictureFormInput {
  services: WalletServices;
  /** The profile has a picture (Remove picture is offered). */
  hasPicture: boolean;
}

export interface PictureFormContext {
  services: WalletServices;
  hasPicture: boolean;
  /** The picked picture, until it is uploaded or dropped. */
  picture: File | null;
  /** An object URL of the picked picture for its preview, while it is picked (revoked when it goes). */
  previewUrl: string | null;
}

export type PictureFormEvent =
  | { type: 'picture.pick'; file: File }
  | { type: 'picture.drop' }
  | { type: 'picture.upload' }
  | { type: 'picture.remove' }
  /** From `previewUrl`: the picked picture's object URL. */
  | { type: 'picture.previewReady'; url: string }
  /** From settings: another form saved, and the profile it answered has (or has no) picture. */
  | { type: 'picture.profileChanged'; hasPicture: boolean };

/** What the form tells settings. */
export type PictureFormReport = { type: 'settings.pictureSaved'; profile: UserProfile } | ({ type: 'notify' } & Toast);

export const PICTURE_FALLBACK_KEY = 'request_failed';
/** A picked file over the limit is refused in the browser, before any upload, with this toast. */
export const PICTURE_TOO_BIG_KEY = 'settings.picture_too_big';

const failed = (message: string) => [
  { type: 'logError' as const, params: ({ event }: { event: { error: unknown } }) => ({ message, error: event.error }) },
  {
    type: 'notify' as const,
    params: ({ event }: { event: { error: unknown } }) => ({ kind: 'error' as const, key: errorCode(event.error) ?? PICTURE_FALLBACK_KEY }),
  },
];

export const pictureFormMachine = setup({
  types: {
    context: {} as PictureFormContext,
    events: {} as PictureFormEvent,
    input: {} as PictureFormInput,
    tags: {} as 'uploadingPicture' | 'removingPicture',
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    notify: sendParent((_, params: Toast) => ({ type: 'notify' as const, ...params })),
    reportSaved: sendParent((_, params: { profile: UserProfile }) => ({ type: 'settings.pictureSaved' as const, profile: params.profile })),
    keepPicture: assign((_, params: { file: File }) => ({ picture: params.file })),
    dropPicture: assign({ picture: null }),
    showPreview: assign((_, params: { url: string }) => ({ previewUrl: params.url })),
    clearPreview: assign({ previewUrl: null }),
    adoptProfile: assign((_, params: { profile: UserProfile }) => ({ hasPicture: Boolean(params.profile.picture) })),
    adoptHasPicture: assign((_, params: { hasPicture: boolean }) => ({ hasPicture: params.hasPicture })),
  },
  guards: {
    hasPicture: ({ context }) => context.hasPicture,
    /** The picked file is over the upload limit (PICTURE_LIMIT_BYTES): refused before it is sent. */
    tooBig: (_, params: { file: File }) => params.file.size > PICTURE_LIMIT_BYTES,
  },
  actors: {
    uploadPicture: fromPromise<UserProfile, { services: WalletServices; file: File }>(({ input: { services, file } }) => {
      const formData = new FormData();
      formData.append('picture', file, file.name);
      return services.api.call('uploadPicture', { formData });
    }),
    // Injectable (tests provide a fake): an object URL of the file while it runs, revoked when it stops.
    previewUrl: fromCallback<PictureFormEvent, { file: File }>(({ input, sendBack }) => {
      const url = URL.createObjectURL(input.file);
      sendBack({ type: 'picture.previewReady', url });
      return () => URL.revokeObjectURL(url);
    }),
    removePicture: fromPromise<UserProfile, { services: WalletServices }>(({ input }) => input.services.api.call('removePicture')),
  },
}).createMachine({
  id: 'pictureForm',
  context: ({ input }) => ({ services: input.services, hasPicture: input.hasPicture, picture: null, previewUrl: null }),
  on: { 'picture.profileChanged': { actions: { type: 'adoptHasPicture', params: ({ event }) => event } } },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'picture.pick': [
          {
            ...doc('A file over the upload limit: refused with a toast before any upload, nothing picked'),
            guard: { type: 'tooBig', params: ({ event }) => event },
            actions: { type: 'notify', params: { kind: 'error', key: PICTURE_TOO_BIG_KEY } },
          },
          { target: 'chosen', actions: { type: 'keepPicture', params: ({ event }) => event } },
        ],
        'picture.remove': { guard: 'hasPicture', target: 'removing' },
      },
    },
    removing: {
      tags: ['removingPicture'],
      invoke: {
        id: 'removePicture',
        src: 'removePicture',
        input: ({ context }) => ({ services: context.services }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'adoptProfile', params: ({ event }) => ({ profile: event.output }) },
            { type: 'reportSaved', params: ({ event }) => ({ profile: event.output }) },
            { type: 'notify', params: { kind: 'success', key: 'settings.picture_removed' } },
          ],
        },
        onError: { target: 'idle', actions: failed('settings: removing the picture failed') },
      },
    },
    chosen: {
      ...doc('A picture is picked: its preview shows while it is picked and while it uploads'),
      invoke: {
        id: 'previewUrl',
        src: 'previewUrl',
        input: ({ context }) => ({ file: context.picture! }),
        // No preview: logged, and the picked picture can still be uploaded (the circle keeps the current picture).
        onError: { actions: { type: 'logError', params: ({ event }) => ({ message: 'settings: no preview of the picked picture', error: event.error }) } },
      },
      exit: 'clearPreview',
      on: { 'picture.previewReady': { actions: { type: 'showPreview', params: ({ event }) => event } } },
      initial: 'picked',
      states: {
        picked: {
          ...doc('The picked picture is previewed with its square crop'),
          on: {
            // Another file: a new preview (the state is entered again, so its URL is made anew); one over the limit is
            // refused and the picture picked before stays.
            'picture.pick': [
              {
                ...doc('A file over the upload limit: refused with a toast, the picture picked before stays'),
                guard: { type: 'tooBig', params: ({ event }) => event },
                actions: { type: 'notify', params: { kind: 'error', key: PICTURE_TOO_BIG_KEY } },
              },
              { target: '#pictureForm.chosen', reenter: true, actions: { type: 'keepPicture', params: ({ event }) => event } },
            ],
            'picture.drop': { target: '#pictureForm.idle', actions: 'dropPicture' },
            'picture.upload': 'uploading',
          },
        },
        uploading: {
          tags: ['uploadingPicture'],
          invoke: {
            id: 'uploadPicture',
            src: 'uploadPicture',
            input: ({ context }) => ({ services: context.services, file: context.picture! }),
            onDone: {
              target: '#pictureForm.idle',
              actions: [
                'dropPicture',
                { type: 'adoptProfile', params: ({ event }) => ({ profile: event.output }) },
                { type: 'reportSaved', params: ({ event }) => ({ profile: event.output }) },
                { type: 'notify', params: { kind: 'success', key: 'settings.picture_saved' } },
              ],
            },
            onError: { target: 'picked', actions: failed('settings: uploading the picture failed') },
          },
        },
      },
    },
  },
});

export type PictureFormMachine = typeof pictureFormMachine;
export type PictureFormActor = ActorRefFrom<PictureFormMachine>;
export type PictureFormSnapshot = SnapshotFrom<PictureFormMachine>;
