// The "Save to Google Wallet" link: https://pay.google.com/gp/v/save/<JWT>, the JWT signed RS256 by the issuer's
// service account and carrying the event ticket class (one per event) and object (one per user ticket) in full, so
// nothing has to be created through Google's REST API first (Google's "JWT with embedded objects").
//
// As Google documents the event ticket: the class has a logo (logo.sourceUri, served at GET /v1/wallet/organisations/{id}/logo.png) and
// a background colour (hexBackgroundColor); every text a person reads is a LocalizedString, its defaultValue in the
// holder's language and its translatedValues in the others; and when the organisation takes the device-bound code,
// the object carries a rotatingBarcode (a TOTP pattern, src/server/modules/passes/barcode.ts) instead of the static
// barcode, so a screenshot of the pass does not get anyone in.
import { importPKCS8, SignJWT } from 'jose';
import { API_PREFIX } from '../../../contract/base';
import type { GoogleWalletSigning } from '../../config';
import { languages } from '../../../contract/languages';
import { type Locale, translate } from '../../i18n';
import { PASS_COLOURS } from './art';
import { ROTATING_DIGITS, ROTATING_PERIOD_SECONDS, rotatingKey, rotatingPattern } from './barcode';
import { type PassContent, passLines, passNote } from './content';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
/** Where an organisation's logo is served, below PUBLIC_BASE_URL (GET /v1/wallet/organisations/{id}/logo.png). */
export const googleLogoPath = (organisationId: number) => `${API_PREFIX}/wallet/organisations/${organisationId}/logo.png`;

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

interface TranslatedString {
  language: string;
  value: string;
}
/** Google's LocalizedString. */
export interface LocalizedString {
  defaultValue: TranslatedString;
  translatedValues?: TranslatedString[];
}

export interface GoogleSaveLinkInput {
  content: PassContent & { eventId: number };
  /** The organisation's entry code: 'device' gives the pass a rotating barcode. */
  entryCode: 'polling' | 'device';
  /** The secret the rotating code's key is derived from (the gate derives it again). */
  secret: Uint8Array;
  /** PUBLIC_BASE_URL: the JWT's origin and the logo's host. */
  origin: string;
  now: Date;
}

export async function googleSaveLink(input: GoogleSaveLinkInput, signing: GoogleWalletSigning): Promise<string> {
  const { content } = input;
  const others = languages.filter((language) => language !== content.locale);
  /** A text the same in every language (a name). */
  const plain = (value: string): LocalizedString => ({ defaultValue: { language: content.locale, value } });
  /** A text in the holder's language, with its translations. */
  const localized = (valueIn: (locale: Locale) => string): LocalizedString => ({
    defaultValue: { language: content.locale, value: valueIn(content.locale) },
    translatedValues: others.map((language) => ({ language, value: valueIn(language) })),
  });
  const linesIn = (locale: Locale) => passLines({ ...content, locale });
  const classId = googleClassId(signing.issuerId, content.eventId);
  const eventTicketClass = {
    id: classId,
    issuerName: content.organisationName,
    reviewStatus: 'UNDER_REVIEW',
    eventName: plain(content.eventName),
    venue: { name: plain(content.venue), address: plain(content.city) },
    dateTime: { start: content.startsAt.toISOString(), end: content.endsAt.toISOString() },
    logo: {
      sourceUri: { uri: `${input.origin}${googleLogoPath(content.organisationId)}` },
      contentDescription: localized((locale) => translate(locale, 'pass.logo', { organisation: content.organisationName })),
    },
    hexBackgroundColor: PASS_COLOURS.background,
  };
  const barcode =
    input.entryCode === 'device'
      ? {
          rotatingBarcode: {
            type: 'QR_CODE',
            valuePattern: rotatingPattern(content.userTicketId),
            totpDetails: {
              periodMillis: String(ROTATING_PERIOD_SECONDS * 1000),
              algorithm: 'TOTP_SHA1',
              parameters: [{ key: rotatingKey(input.secret, content.userTicketId).toString('hex'), valueLength: ROTATING_DIGITS }],
            },
            alternateText: content.serialNumber,
          },
        }
      : { barcode: { type: 'QR_CODE', value: content.code, alternateText: content.serialNumber } };
  const eventTicketObject = {
    id: googleObjectId(signing.issuerId, content.serialNumber),
    classId,
    // A pass saved before the ticket was passed on keeps its code, which the gate refuses (docs/decisions/0066-wallet-passes-a-static-pass-code-the-gate-checks-online.md).
    state: content.voided ? 'INACTIVE' : 'ACTIVE',
    ticketHolderName: content.holder,
    ticketType: localized(() => content.ticketName),
    hexBackgroundColor: PASS_COLOURS.background,
    ...barcode,
    validTimeInterval: { end: { date: content.endsAt.toISOString() } },
    textModulesData: [
      ...linesIn(content.locale).map(({ key, label, value }, at) => ({
        id: key,
        header: label,
        body: value,
        localizedHeader: localized((locale) => linesIn(locale)[at]!.label),
        localizedBody: localized((locale) => linesIn(locale)[at]!.value),
      })),
      { id: 'note', header: '', body: passNote(content), localizedBody: localized((locale) => passNote({ ...content, locale })) },
    ],
  };
  const jwt = await new SignJWT({ origins: [input.origin], typ: 'savetowallet', payload: { eventTicketClasses: [eventTicketClass], eventTicketObjects: [eventTicketObject] } })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(signing.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(input.now.getTime() / 1000))
    .sign(await signingKey(signing));
  return `${GOOGLE_SAVE_URL}${jwt}`;
}

