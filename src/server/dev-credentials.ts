// Keys and certificates a development server makes for itself, once, in its data directory (the door's signing key,
// the wallet passes' signer): production configures its own, a laptop needs no account with Apple or Google to try
// the flows. Each file is written aside and linked into place, so two processes starting at once on one data
// directory both read the first whole file.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import forge from 'node-forge';

/** The file's contents, made by `make` the first time (mode 0600: it holds a private key). */
export function keptInDataDir(dataDir: string, name: string, make: () => string): string {
  const file = join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(aside, make(), { mode: 0o600 });
    try {
      linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(aside);
    }
  }
  return readFileSync(file, 'utf8');
}

/** An RSA key pair as PEM (node's own generator: forge's pure-JS one takes seconds). */
export function rsaKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

const TEN_YEARS_MS = 10 * 365 * 24 * 3600_000;

function certificate(input: {
  subject: forge.pki.CertificateField[];
  issuer: forge.pki.CertificateField[];
  publicKeyPem: string;
  signingKeyPem: string;
  isCa: boolean;
}): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(input.publicKeyPem);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + TEN_YEARS_MS);
  cert.setSubject(input.subject);
  cert.setIssuer(input.issuer);
  cert.setExtensions(
    input.isCa
      ? [{ name: 'basicConstraints', cA: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true }]
      : [{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true }],
  );
  cert.sign(forge.pki.privateKeyFromPem(input.signingKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/**
 * A stand-in for Apple's chain: a self-signed "WWDR" authority and a pass signer certificate it issued, named as
 * Apple names them (UID = pass type id, OU = team id). Real iPhones refuse such a pass; everything else about it
 * (the manifest, the PKCS #7 signature, the web service) is what production sends.
 */
export function developmentPassSigner(passTypeId: string, teamId: string): { signerCertPem: string; signerKeyPem: string; wwdrPem: string } {
  const authority = rsaKeyPair();
  const signer = rsaKeyPair();
  const authorityName = [
    { name: 'commonName', value: 'Ticket Wallet Development WWDR (not Apple)' },
    { name: 'organizationName', value: 'Ticket Wallet development' },
  ];
  const wwdrPem = certificate({ subject: authorityName, issuer: authorityName, publicKeyPem: authority.publicKeyPem, signingKeyPem: authority.privateKeyPem, isCa: true });
  const signerCertPem = certificate({
    subject: [
      { type: '0.9.2342.19200300.100.1.1', value: passTypeId },
      { name: 'commonName', value: `Pass Type ID: ${passTypeId}` },
      { name: 'organizationalUnitName', value: teamId },
      { name: 'organizationName', value: 'Ticket Wallet development' },
    ],
    issuer: authorityName,
    publicKeyPem: signer.publicKeyPem,
    signingKeyPem: authority.privateKeyPem,
    isCa: false,
  });
  return { signerCertPem, signerKeyPem: signer.privateKeyPem, wwdrPem };
}

/** The demo site's key id: says in every token and log what it is. */
export const DEMO_SITE_KEY_ID = 'demo-site-only-not-for-production';

/** The demo-only ES256 pair, made once per process (never written anywhere, never accepted in production). */
let demoSiteKey: Promise<{ privateKey: CryptoKey; publicJwk: JWK }> | undefined;

/**
 * DEMO ONLY: the key the demo ticket site signs its visitor's hand-off tokens with (DEMO_SITE_SIGN_IN), as an
 * organisation's server does with its own (docs/embedding.md, "Signing in from the host"). Made at start, so nothing
 * secret is checked in; config.ts refuses DEMO_SITE_SIGN_IN in production.
 */
export function demoSiteSigningKey(): Promise<{ privateKey: CryptoKey; publicJwk: JWK }> {
  demoSiteKey ??= generateKeyPair('ES256').then(async ({ privateKey, publicKey }) => ({
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid: DEMO_SITE_KEY_ID, alg: 'ES256', use: 'sig' },
  }));
  return demoSiteKey;
}

/** DEMO ONLY: a five-minute hand-off token for `person`, for the wallet at `audience`. */
export async function demoSiteToken(person: { email: string; givenName: string; familyName: string }, audience: string): Promise<string> {
  const { privateKey } = await demoSiteSigningKey();
  return new SignJWT({ email: person.email, given_name: person.givenName, family_name: person.familyName })
    .setProtectedHeader({ alg: 'ES256', kid: DEMO_SITE_KEY_ID })
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomBytes(16).toString('hex'))
    .sign(privateKey);
}
