// The Apple Wallet pass (.pkpass): pass.json, its images and manifest.json (SHA-1 of every file), signed by the pass
// type's certificate as a detached PKCS #7 signature with Apple's WWDR certificate in the chain (passkit-generator).
// The pass names this server's web service (Apple's PassKit protocol), so a device that added it fetches it again
// when the ticket changes and shows it void once the ticket is passed on.
import { PKPass } from 'passkit-generator';
import sharp from 'sharp';
import type { ApplePassSigning } from '../../config';
import { type PassContent, passDescription, passLines, passNote } from './content';

/** A plain ticket glyph: Apple requires an icon, drawn here rather than shipped as a binary. */
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 58 58"><rect width="58" height="58" rx="12" fill="#1f2a44"/><path d="M12 19h34v7a4 4 0 0 0 0 8v7H12v-7a4 4 0 0 0 0-8z" fill="#f4c95d"/></svg>`;

let icons: Promise<Record<string, Buffer>> | undefined;
function passIcons(): Promise<Record<string, Buffer>> {
  icons ??= Promise.all([29, 58, 87].map((size) => sharp(Buffer.from(ICON_SVG)).resize(size, size).png().toBuffer())).then(([x1, x2, x3]) => ({
    'icon.png': x1!,
    'icon@2x.png': x2!,
    'icon@3x.png': x3!,
  }));
  return icons;
}

export interface AppleWebService {
  /** PUBLIC_BASE_URL/v1/wallet/apple: Apple Wallet appends /v1/devices/… and /v1/passes/… to it. */
  url: string;
  /** The pass's own secret, sent back by the device as `Authorization: ApplePass <token>`. */
  authenticationToken: string;
}

export async function applePass(content: PassContent, signing: ApplePassSigning, webService: AppleWebService): Promise<Buffer> {
  const pass = new PKPass(
    await passIcons(),
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
      webServiceURL: webService.url,
      authenticationToken: webService.authenticationToken,
      voided: content.voided,
      backgroundColor: 'rgb(31, 42, 68)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(244, 201, 93)',
    },
  );
  pass.type = 'eventTicket';
  const [event, ticket, starts, ends, venue, holder] = passLines(content);
  pass.primaryFields.push(event!);
  pass.secondaryFields.push(ticket!, starts!);
  pass.auxiliaryFields.push(venue!, holder!);
  pass.backFields.push(ends!, { key: 'note', label: '', value: passNote(content) });
  pass.setBarcodes({ message: content.code, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1', altText: content.serialNumber });
  pass.setRelevantDate(content.startsAt);
  if (content.latitude !== null && content.longitude !== null) pass.setLocations({ latitude: content.latitude, longitude: content.longitude });
  pass.setExpirationDate(content.endsAt);
  return pass.getAsBuffer();
}
