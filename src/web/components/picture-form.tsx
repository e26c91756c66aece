// The profile picture in the settings: the current one (or the initials), pick or drop a HEIC, WEBP, SVG, PNG or JPG
// file, see it in its square crop, upload it. The server decodes and re-encodes it (a square WebP). The picture
// form machine (a child of settings) decides; this renders it and sends its events.
import './card';
import { Avatar } from './identity';
import { Button } from './button';
import { Icon } from './icons';
import { useSelector } from '@xstate/react';
import { type DragEvent, type ReactElement, useId, useState } from 'react';
import type { SettingsActor } from '../../../machines/settings';
import type { PictureFormEvent } from '../../../machines/picture-form';
import {
  selectCanRemovePicture,
  selectIsRemovingPicture,
  selectIsUploadingPicture,
  selectPickedPicture,
  selectPicturePreview,
} from '../../../machines/picture-form.selectors';
import { selectPictureForm, selectProfile } from '../../../machines/settings.selectors';
import { i18n } from '../i18n';
import { iconPath } from './icon-paths' with { type: 'macro' };

/** docs/product.md §2: the formats the picker offers (HEIC by extension too: browsers rarely know its type). */
export const PICTURE_ACCEPT = 'image/heic,image/heif,image/webp,image/svg+xml,image/png,image/jpeg,.heic,.heif';

export function PictureForm({ settings }: { settings: SettingsActor }): ReactElement {
  const profile = useSelector(settings, selectProfile);
  const form = useSelector(settings, selectPictureForm);
  const picked = useSelector(form, selectPickedPicture);
  const uploading = useSelector(form, selectIsUploadingPicture);
  const canRemove = useSelector(form, selectCanRemovePicture);
  const removing = useSelector(form, selectIsRemovingPicture);
  const send = (event: PictureFormEvent) => form?.send(event);
  const preview = useSelector(form, selectPicturePreview);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  const pick = (file: File | undefined) => {
    if (file) send({ type: 'picture.pick', file });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    pick(event.dataTransfer.files[0]);
  };
  return (
    <section className="tw-card tw-settings__section" aria-labelledby="tw-settings-picture">
      <h2 className="tw-section__title" id="tw-settings-picture">
        {i18n.t('settings.picture_title')}
      </h2>
      <div
        className="tw-settings__picture"
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {preview ? (
          // HEIC has no preview in most browsers: the file name stands in (the server converts it).
          <img className="tw-settings__preview" src={preview} alt={i18n.t('settings.picture_preview')} width={96} height={96} />
        ) : (
          <Avatar picture={profile?.picture} givenName={profile?.givenName} familyName={profile?.familyName} size={96} />
        )}
        <div className="tw-settings__picture-text">
          <p className="tw-muted">{picked ? picked.name : i18n.t('settings.picture_hint')}</p>
          <div className="tw-settings__actions">
            <label className="tw-button tw-button--secondary" htmlFor={inputId}>
              <Icon path={iconPath('user')} size={18} />
              <span>{i18n.t('settings.picture_pick')}</span>
            </label>
            <input
              id={inputId}
              className="tw-sr-only"
              type="file"
              accept={PICTURE_ACCEPT}
              onChange={(event) => {
                pick(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            {picked ? (
              <>
                <Button loading={uploading} onClick={() => send({ type: 'picture.upload' })}>
                  {i18n.t('settings.picture_upload')}
                </Button>
                <Button variant="ghost" disabled={uploading} onClick={() => send({ type: 'picture.drop' })}>
                  {i18n.t('common.cancel')}
                </Button>
              </>
            ) : null}
            {!picked && (canRemove || removing) ? (
              <Button variant="ghost" loading={removing} onClick={() => send({ type: 'picture.remove' })}>
                {i18n.t('settings.picture_remove')}
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
