// Derived values of the logout machine for the views.
import type { LogoutSnapshot } from './logout';

/** The "Logout?" modal is open (also while the logout request runs). */
export function selectIsLogoutModalOpen(snapshot: LogoutSnapshot): boolean {
  return !snapshot.matches('closed');
}

export function selectIsLoggingOut(snapshot: LogoutSnapshot): boolean {
  return snapshot.hasTag('loading');
}
