// Derived values of the picture form (machines/picture-form.ts) for its view: the picked file (until uploaded or
// dropped), whether Remove picture is possible, and what runs. Without the child (settings not ready): nothing.
import type { PictureFormSnapshot } from './picture-form';

export const selectPickedPicture = (snapshot: PictureFormSnapshot | undefined): File | null =>
  !snapshot || snapshot.matches('idle') ? null : snapshot.context.picture;
export const selectIsUploadingPicture = (snapshot: PictureFormSnapshot | undefined) => snapshot?.hasTag('uploadingPicture') ?? false;
export const selectCanRemovePicture = (snapshot: PictureFormSnapshot | undefined) => snapshot?.can({ type: 'picture.remove' }) ?? false;
export const selectIsRemovingPicture = (snapshot: PictureFormSnapshot | undefined) => snapshot?.hasTag('removingPicture') ?? false;
