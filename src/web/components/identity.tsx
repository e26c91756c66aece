// How a person appears: the avatar (picture, or two-letter initials from given and family name, fallback "AA")
// and a name whose "#hash" suffix (nickname plus unique id) is shown muted.
import { type ReactElement, useState } from 'react';
import { initialsOf, splitHashSuffix } from '../../../machines/session.selectors';
import identityCss from 'bundle-text:./identity.css';
import { registerStyles } from '../style-sheets';

registerStyles(identityCss);

interface AvatarProps {
  picture?: string | null | undefined;
  givenName?: string | null | undefined;
  familyName?: string | null | undefined;
  size?: number;
}

export function Avatar({ picture, givenName, familyName, size = 36 }: AvatarProps): ReactElement {
  // A broken picture URL falls back to initials instead of a broken image icon.
  const [failed, setFailed] = useState<string | null>(null);
  const initials = initialsOf({ givenName: givenName ?? null, familyName: familyName ?? null });
  const showPicture = Boolean(picture) && failed !== picture;
  return (
    <span className="tw-avatar" style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }} data-initials={initials}>
      {showPicture && picture ? (
        <img src={picture} alt="" width={size} height={size} onError={() => setFailed(picture)} />
      ) : (
        initials
      )}
    </span>
  );
}

export function HashedName({ value, className }: { value: string; className?: string }): ReactElement {
  const { name, hash } = splitHashSuffix(value);
  return (
    <span className={className}>
      {name}
      {hash ? <span className="tw-hash">{hash}</span> : null}
    </span>
  );
}
