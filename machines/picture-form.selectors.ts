// Derived values of the picture form (machines/picture-form.ts) for its view: the picked file (until uploaded or
// dropped) and its preview URL, whether Remove picture is possible, and what runs. Without the child (settings not ready): nothing.
import type { PictureFormSnapshot } from './picture-form';

export const selectPickedPicture = (snapshot: PictureFormSnapshot | undefined): File | null =>
  !snapshot || snapshot.matches('idle') ? null : snapshot.context.picture;
/** The picked picture's preview (an object URL the machine makes and revokes), or null. */
export const selectPicturePreview = (snapshot: PictureFormSnapshot | undefined): string | null => snapshot?.context.previewUrl ?? null;
export const selectIsUploadingPicture = (snapshot: PictureFormSnapshot | undefined) => snapshot?.hasTag('uploadingPicture') ?? false;
export const selectCanRemovePicture = (snapshot: PictureFormSnapshot | undefined) => snapshot?.can({ type: 'picture.remove' }) ?? false;
export const selectIsRemovingPicture = (snapshot: PictureFormSnapshot | undefined) => snapshot?.hasTag('removingPicture') ?? false;
