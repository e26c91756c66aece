// The "Save to Google Wallet" link: https://pay.google.com/gp/v/save/<JWT>, the JWT signed RS256 by the issuer's
// service account and carrying the event ticket class (one per event) and object (one per user ticket) in full, so
// nothing has to be created through Google's REST API first (Google's "JWT with embedded objects").
import { importPKCS8, SignJWT } from 'jose';
import type { GoogleWalletSigning } from '../../config';
import { type PassContent, passLines, passNote } from './content';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

/** Google's ids are `<issuer id>.<suffix>`, the suffix of letters, digits, '.', '_' and '-'. */
export const googleClassId = (issuerId: string, eventId: number) => `${issuerId}.tw-event-${eventId}`;
export const googleObjectId = (issuerId: string, serialNumber: string) => `${issuerId}.${serialNumber}`;

const keys = new WeakMap<GoogleWalletSigning, Promise<CryptoKey>>();
function signingKey(signing: GoogleWalletSigning): Promise<CryptoKey> {
  let key = keys.get(signing);
  if (!key) {
    key = importPKCS8(signing.privateKeyPem, 'RS256');
    keys.set(signing, key);
  }
  return key;
}

export async function googleSaveLink(content: PassContent & { eventId: number }, signing: GoogleWalletSigning, origin: string, now: Date): Promise<string> {
  const text = (value: string) => ({ defaultValue: { language: content.locale, value } });
  const classId = googleClassId(signing.issuerId, content.eventId);
  const [event, ticket, starts, ends, venue, holder] = passLines(content);
  const eventTicketClass = {
    id: classId,
    issuerName: content.organisationName,
    reviewStatus: 'UNDER_REVIEW',
    eventName: text(content.eventName),
    venue: { name: text(content.venue), address: text(content.city) },
    dateTime: { start: content.startsAt.toISOString(), end: content.endsAt.toISOString() },
  };
  const eventTicketObject = {
    id: googleObjectId(signing.issuerId, content.serialNumber),
    classId,
    // A pass saved before the ticket was passed on keeps its code, which the gate refuses (docs/decisions.md).
    state: content.voided ? 'INACTIVE' : 'ACTIVE',
    ticketHolderName: content.holder,
    ticketType: text(content.ticketName),
    barcode: { type: 'QR_CODE', value: content.code, alternateText: content.serialNumber },
    validTimeInterval: { end: { date: content.endsAt.toISOString() } },
    textModulesData: [...[event!, ticket!, starts!, ends!, venue!, holder!].map(({ key, label, value }) => ({ id: key, header: label, body: value })), { id: 'note', header: '', body: passNote(content) }],
  };
  const jwt = await new SignJWT({ origins: [origin], typ: 'savetowallet', payload: { eventTicketClasses: [eventTicketClass], eventTicketObjects: [eventTicketObject] } })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(signing.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(await signingKey(signing));
  return `${GOOGLE_SAVE_URL}${jwt}`;
}
