// Derived values of the session machine for the views (pure functions).
import type { UserProfile } from '../src/contract/entities';
import type { SessionSnapshot } from './session';

export function selectIsSignedIn(snapshot: SessionSnapshot): boolean {
  return snapshot.matches('signedIn');
}

export function selectAccessToken(snapshot: SessionSnapshot): string | null {
  return snapshot.context.accessToken;
}

export function selectUser(snapshot: SessionSnapshot): UserProfile | null {
  return snapshot.context.user;
}

export function selectIsUserLoading(snapshot: SessionSnapshot): boolean {
  return snapshot.hasTag('loading');
}

export function selectIsRefreshing(snapshot: SessionSnapshot): boolean {
  return snapshot.hasTag('refreshing');
}

/** SPEC §2: two-letter initials from given and family name, fallback AA. */
export function initialsOf(user: Pick<UserProfile, 'givenName' | 'familyName'> | null): string {
  const first = user?.givenName?.trim().charAt(0);
  const last = user?.familyName?.trim().charAt(0);
  return first && last ? `${first}${last}`.toUpperCase() : 'AA';
}

export function selectInitials(snapshot: SessionSnapshot): string {
  return initialsOf(snapshot.context.user);
}

/** SPEC §2: a name containing a hash is shown as the name plus a muted hash suffix. */
export function splitHashSuffix(name: string): { name: string; hash: string | null } {
  const at = name.lastIndexOf('#');
  return at < 0 ? { name, hash: null } : { name: name.slice(0, at), hash: name.slice(at) };
}
