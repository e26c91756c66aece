// The Apple Wallet pass (.pkpass): pass.json, its images, its localisations and manifest.json (SHA-1 of every file),
// signed by the pass type's certificate as a detached PKCS #7 signature with Apple's WWDR certificate in the chain
// (passkit-generator). The pass names this server's web service (Apple's PassKit protocol), so a device that added it
// fetches it again when the ticket changes and shows it void once the ticket is passed on.
//
// As Apple documents it: the event's facts also as `semantics` (event name, venue with its location, start and end,
// the seat as far as it is known: the ticket type, there being no numbered seats), `relevantDates` (an interval from
// before the doors to the end; the older `relevantDate` too, for iOS before 18), dates as ISO values with a date and
// time style, formatted by the phone in the reader's language on the venue's clock, and the labels and notes in
// `en.lproj` and `es.lproj` (pass.json itself is in the holder's language, so a phone in a third language reads that).
import { PKPass } from 'passkit-generator';
import type { ApplePassSigning } from '../../config';
import { translate, type Locale } from '../../i18n';
import { applePassImages, PASS_COLOURS } from './art';
import { isoInZone, type PassContent, passDescription, passLines, RELEVANT_BEFORE_START_MS } from './content';

export interface AppleWebService {
  /** PUBLIC_BASE_URL/v1/wallet/apple: Apple Wallet appends /v1/devices/… and /v1/passes/… to it. */
  url: string;
  /** The pass's own secret, sent back by the device as `Authorization: ApplePass <token>`. */
  authenticationToken: string;
}

/** The languages a pass carries strings for (Apple's `<language>.lproj/pass.strings`). */
export const PASS_LANGUAGES: readonly Locale[] = ['en', 'es'];

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

/** The pass's translatable texts, keyed by the holder-language text pass.json carries. */
function passStrings(content: PassContent, locale: Locale): Record<string, string> {
  const strings: Record<string, string> = {};
  const keys = ['pass.event', 'pass.ticket', 'pass.starts', 'pass.ends', 'pass.venue', 'pass.holder', 'pass.entry', 'pass.void'];
  for (const key of keys) strings[translate(content.locale, key)] = translate(locale, key);
  strings[passDescription(content)] = passDescription({ ...content, locale });
  return strings;
}

export async function applePass(content: PassContent, signing: ApplePassSigning, webService: AppleWebService): Promise<Buffer> {
  const starts = isoInZone(content.startsAt, content.timeZone);
  const ends = isoInZone(content.endsAt, content.timeZone);
  const location = content.latitude !== null && content.longitude !== null ? { latitude: content.latitude, longitude: content.longitude } : undefined;
  const pass = new PKPass(
    { ...(await applePassImages()) },
    {
      wwdr: signing.wwdrPem,
      signerCert: signing.signerCertPem,
      signerKey: signing.signerKeyPem,
      ...(signing.signerKeyPassphrase ? { signerKeyPassphrase: signing.signerKeyPassphrase } : {}),
    },
    {
      formatVersion: 1,
      serialNumber: content.serialNumber,
      passTypeIdentifier: signing.passTypeId,
      teamIdentifier: signing.teamId,
      organizationName: content.organisationName,
      description: passDescription(content),
      logoText: content.organisationName,
      webServiceURL: webService.url,
      authenticationToken: webService.authenticationToken,
      voided: content.voided,
      backgroundColor: rgb(PASS_COLOURS.background),
      foregroundColor: rgb(PASS_COLOURS.foreground),
      labelColor: rgb(PASS_COLOURS.label),
      semantics: {
        eventType: 'PKEventTypeGeneric',
        eventName: content.eventName,
        venueName: content.venue,
        ...(location ? { venueLocation: location } : {}),
        eventStartDate: starts,
        eventEndDate: ends,
        attendeeName: content.holder,
        seats: [{ seatType: content.ticketName }],
      },
    },
  );
  pass.type = 'eventTicket';
  const [event, ticket, , , venue, holder] = passLines(content);
  const moment = (key: 'starts' | 'ends', value: string) => ({
    key,
    label: translate(content.locale, `pass.${key}`),
    value,
    dateStyle: 'PKDateStyleMedium' as const,
    timeStyle: 'PKDateStyleShort' as const,
    // The venue's clock, as every other place in the product shows an event's times.
    ignoresTimeZone: true,
  });
  pass.primaryFields.push(event!);
  pass.secondaryFields.push(ticket!, moment('starts', starts));
  pass.auxiliaryFields.push(venue!, holder!);
  pass.backFields.push(moment('ends', ends), { key: 'note', label: '', value: translate(content.locale, content.voided ? 'pass.void' : 'pass.entry') });
  for (const language of PASS_LANGUAGES) pass.localize(language, passStrings(content, language));
  pass.setBarcodes({ message: content.code, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1', altText: content.serialNumber });
  pass.setRelevantDates([{ startDate: new Date(content.startsAt.getTime() - RELEVANT_BEFORE_START_MS), endDate: content.endsAt }]);
  pass.setRelevantDate(content.startsAt);
  if (location) pass.setLocations(location);
  pass.setExpirationDate(content.endsAt);
  return pass.getAsBuffer();
}
