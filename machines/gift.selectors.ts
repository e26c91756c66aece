// Derived values of the gift machine for the views: which step shows, the e-mail field (errors only when touched,
// docs/product.md §5), the suggestions, and which buttons are enabled (asked of the machine with `can`).
import type { ReceiverSuggestion, UserTicket } from '../src/contract/entities';
import { checkText, emailRule } from '../src/contract/forms';
import { type GiftReceiver, type GiftResult, type GiftSnapshot, isOwnEmail, type ReceiverTab } from './gift';
import type { FieldView } from './login.selectors';

export type GiftStep = 'loading' | 'failed' | 'picking' | 'verifying' | 'receiver' | 'confirmed' | 'done';

export function selectGiftStep(snapshot: GiftSnapshot): GiftStep {
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('picking')) return 'picking';
  if (snapshot.matches('verifying')) return 'verifying';
  if (snapshot.matches({ selected: 'receiver' })) return 'receiver';
  if (snapshot.matches({ selected: 'confirmed' })) return 'confirmed';
  if (snapshot.matches('done')) return 'done';
  return 'loading';
}

/** The dropdown's tickets (the user's upcoming ones). */
export const selectGiftableTickets = (snapshot: GiftSnapshot): UserTicket[] => snapshot.context.tickets;

/** The ticket the server is being asked about (the dropdown shows it busy). */
export function selectVerifyingTicketId(snapshot: GiftSnapshot): number | null {
  return snapshot.matches('verifying') ? snapshot.context.candidateId : null;
}

/** The "you are gifting" ticket. */
export function selectGiftTicket(snapshot: GiftSnapshot): UserTicket | null {
  return snapshot.matches('selected') || snapshot.matches('done') ? snapshot.context.ticket : null;
}

/** The receiver tab shown, or null when the receiver is not being chosen. */
export function selectReceiverTab(snapshot: GiftSnapshot): ReceiverTab | null {
  if (snapshot.matches({ selected: { receiver: 'email' } })) return 'EMAIL';
  if (snapshot.matches({ selected: { receiver: 'username' } })) return 'USERNAME';
  return null;
}

/** The e-mail field: its rule's error once touched, and at once when it is the person's own (a whole, exact address). */
export function selectEmailField(snapshot: GiftSnapshot): FieldView {
  const { email, emailTouched } = snapshot.context;
  const result = checkText(emailRule, email);
  const error = isOwnEmail(snapshot.context) ? 'api.gift.self_gift' : emailTouched && !result.ok ? result.error : null;
  return { value: email, error, status: error ? 'error' : 'default' };
}

export const selectUsernameQuery = (snapshot: GiftSnapshot): string => snapshot.context.query;
export const selectSuggestions = (snapshot: GiftSnapshot): ReceiverSuggestion[] => snapshot.context.suggestions;
export const selectPickedReceiver = (snapshot: GiftSnapshot): ReceiverSuggestion | null => snapshot.context.picked;
export const selectIsSearching = (snapshot: GiftSnapshot): boolean => snapshot.hasTag('searching');

/**
 * Confirm receiver: by e-mail always pressable (a refused one shows the field's message:
 * docs/decisions/0116-forms-that-say-why-and-payouts-first.md); by username once a receiver is picked.
 */
export const selectCanConfirmReceiver = (snapshot: GiftSnapshot) => snapshot.can({ type: 'gift.confirmReceiver' });

/** The confirmed receiver ("to" card). */
export function selectReceiver(snapshot: GiftSnapshot): GiftReceiver | null {
  return snapshot.matches({ selected: 'confirmed' }) || snapshot.matches('done') ? snapshot.context.receiver : null;
}

export function selectTermsAccepted(snapshot: GiftSnapshot): boolean {
  return snapshot.matches({ selected: { confirmed: 'accepted' } }) || snapshot.matches({ selected: { confirmed: 'gifting' } });
}

export const selectCanToggleTerms = (snapshot: GiftSnapshot) => snapshot.can({ type: 'gift.toggleTerms' });
/** Gift: only once the terms are ticked (docs/product.md §5). */
export const selectCanGift = (snapshot: GiftSnapshot) => snapshot.can({ type: 'gift.submit' });
export const selectIsGifting = (snapshot: GiftSnapshot) => snapshot.matches({ selected: { confirmed: 'gifting' } });
export const selectCanCancel = (snapshot: GiftSnapshot) => snapshot.can({ type: 'gift.cancel' });
export const selectCanEditTicket = (snapshot: GiftSnapshot) => snapshot.can({ type: 'gift.editTicket' });
export const selectCanEditReceiver = (snapshot: GiftSnapshot) => snapshot.can({ type: 'gift.editReceiver' });

export function selectGifted(snapshot: GiftSnapshot): GiftResult | null {
  return snapshot.matches('done') ? snapshot.context.gifted : null;
}

/** Two letters for a username without a picture: "sam#1150" → "SA". */
export function usernameInitials(username: string): string {
  const letters = [...username.split('#')[0]!.replace(/[^\p{L}\p{N}]/gu, '')];
  return (letters.slice(0, 2).join('') || '?').toUpperCase();
}
