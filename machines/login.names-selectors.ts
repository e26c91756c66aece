// Derived values of the login machine for the names screen (PERSONAL_DATA): the two fields, Continue, and the
// question Back asks first.
import type { LoginSnapshot } from './login';
import { fieldView } from './login.selectors';

export const selectGivenNameField = (snapshot: LoginSnapshot) => fieldView(snapshot.context, 'givenName');
export const selectFamilyNameField = (snapshot: LoginSnapshot) => fieldView(snapshot.context, 'familyName');
/** Continue, as for the e-mail (login.selectors.ts selectCanSubmitEmail). */
export const selectCanSubmitPersonalData = (snapshot: LoginSnapshot) =>
  snapshot.can({ type: 'login.submitPersonalData' });
/** Back on the names step asks first: "Going back signs you out" is on screen. */
export const selectConfirmingBack = (snapshot: LoginSnapshot) => snapshot.matches({ flow: { personalData: 'confirmingBack' } });
