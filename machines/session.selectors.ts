// Derived values of the session machine for the views (pure functions). The session actor exists only while the
// user is signed in, so the selectors take `undefined` for "signed out".
import type { UserProfile } from '../src/contract/entities';
import type { SessionSnapshot } from './session';

export function selectUser(snapshot: SessionSnapshot | undefined): UserProfile | null {
  return snapshot?.context.user ?? null;
}

export function selectIsUserLoading(snapshot: SessionSnapshot | undefined): boolean {
  return snapshot?.hasTag('loading') ?? false;
}

/** docs/product.md §2: two-letter initials from given and family name, fallback AA. */
export function initialsOf(user: Pick<UserProfile, 'givenName' | 'familyName'> | null): string {
  const first = user?.givenName?.trim().charAt(0);
  const last = user?.familyName?.trim().charAt(0);
  return first && last ? `${first}${last}`.toUpperCase() : 'AA';
}

/** Given and family name as a person would write them; the nickname when there are none yet. */
export function fullName(user: Pick<UserProfile, 'givenName' | 'familyName' | 'nickname'>): string {
  const name = [user.givenName, user.familyName].map((part) => part?.trim()).filter(Boolean).join(' ');
  return name || splitHashSuffix(user.nickname ?? '').name;
}

/** docs/product.md §2: a name containing a hash is shown as the name plus a muted hash suffix. */
export function splitHashSuffix(name: string): { name: string; hash: string | null } {
  const at = name.lastIndexOf('#');
  return at < 0 ? { name, hash: null } : { name: name.slice(0, at), hash: name.slice(at) };
}
