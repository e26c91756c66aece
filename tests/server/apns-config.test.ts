// APNs token-based authentication's settings (APNS_KEY_FILE, APNS_KEY_ID, APNS_TEAM_ID): read and checked at start;
// without them the pass signer certificate authenticates the pushes, as before.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

const dir = mkdtempSync(join(tmpdir(), 'tw-apns-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** The development signer, and pushes sent to a stand-in's address (with the development signer they are off by default). */
const base = { DATA_DIR: dir, APNS_URL: 'https://127.0.0.1:2197' };

function keyFile(name: string, type: 'p256' | 'p384' | 'text') {
  const file = join(dir, name);
  if (type === 'text') writeFileSync(file, 'not a key');
  else writeFileSync(file, generateKeyPairSync('ec', { namedCurve: type === 'p256' ? 'prime256v1' : 'secp384r1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
  return file;
}

describe('APNS_KEY_FILE, APNS_KEY_ID, APNS_TEAM_ID', () => {
  it('leaves the certificate to authenticate when no key is configured', () => {
    const { apns } = loadConfig(base).walletPasses;
    expect(apns).toEqual({ url: 'https://127.0.0.1:2197' });
  });

  it('reads the .p8 key with its key id, the team defaulting to the pass team (APPLE_TEAM_ID; the development one here)', () => {
    const file = keyFile('AuthKey_ABCDE12345.p8', 'p256');
    const apns = loadConfig({ ...base, APNS_KEY_FILE: file, APNS_KEY_ID: 'ABCDE12345' }).walletPasses.apns;
    expect(apns?.token).toMatchObject({ keyId: 'ABCDE12345', teamId: 'DEVTEAM000' });
    expect(apns?.token?.keyPem).toContain('BEGIN PRIVATE KEY');
    expect(loadConfig({ ...base, APNS_KEY_FILE: file, APNS_KEY_ID: 'ABCDE12345', APNS_TEAM_ID: 'TEAM000042' }).walletPasses.apns?.token?.teamId).toBe('TEAM000042');
  });

  it.each([
    [{ APNS_KEY_ID: 'ABCDE12345' }, 'needs both APNS_KEY_FILE and APNS_KEY_ID'],
    [{ APNS_KEY_FILE: 'p256' }, 'needs both APNS_KEY_FILE and APNS_KEY_ID'],
    [{ APNS_KEY_FILE: 'p256', APNS_KEY_ID: 'lowercase1' }, 'APNS_KEY_ID'],
    [{ APNS_KEY_FILE: 'p256', APNS_KEY_ID: 'ABCDE12345', APNS_TEAM_ID: 'TEAM' }, 'APNS_TEAM_ID'],
    [{ APNS_KEY_FILE: 'missing', APNS_KEY_ID: 'ABCDE12345' }, 'cannot be read'],
    [{ APNS_KEY_FILE: 'text', APNS_KEY_ID: 'ABCDE12345' }, 'is not a private key in PEM'],
    [{ APNS_KEY_FILE: 'p384', APNS_KEY_ID: 'ABCDE12345' }, 'must be a P-256 (ES256) key'],
  ])('refuses %j, saying %s', (env: Record<string, string>, message) => {
    // The file settings name a kind of file, written here.
    const file = env.APNS_KEY_FILE;
    const settings: Record<string, string> = { ...base, ...env };
    if (file === 'missing') settings.APNS_KEY_FILE = join(dir, 'AuthKey_none.p8');
    else if (file) settings.APNS_KEY_FILE = keyFile(`AuthKey_${file}.p8`, file as 'p256' | 'p384' | 'text');
    expect(() => loadConfig(settings)).toThrow(ConfigError);
    expect(() => loadConfig(settings)).toThrow(message);
  });
});

describe("the Apple pass's webServiceURL", () => {
  it('must be https in production (PUBLIC_BASE_URL), and may be http outside it', () => {
    // Real-looking settings: the development signer made once in the data directory, given as production settings.
    const apple = loadConfig({ DATA_DIR: dir }).walletPasses.apple!;
    const production = {
      DATA_DIR: dir,
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(48),
      SMTP_URL: 'smtp://mail.test:25',
      PAYMENTS_PROVIDER: 'local',
      APPLE_PASS_TYPE_ID: apple.passTypeId,
      APPLE_TEAM_ID: apple.teamId,
      APPLE_PASS_SIGNER_CERT: apple.signerCertPem,
      APPLE_PASS_SIGNER_KEY: apple.signerKeyPem,
      APPLE_WWDR_CERT: apple.wwdrPem,
      APNS_URL: 'none',
    };
    expect(() => loadConfig({ ...production, PUBLIC_BASE_URL: 'http://tickets.example' })).toThrow("PUBLIC_BASE_URL must be an https:// URL in production when Apple Wallet passes are on");
    expect(() => loadConfig({ ...production })).toThrow(ConfigError);
    const config = loadConfig({ ...production, PUBLIC_BASE_URL: 'https://tickets.example' });
    expect(config.walletPasses.apple?.passTypeId).toBe(apple.passTypeId);
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_BASE_URL: 'http://localhost:4100' }).walletPasses.apple).toBeDefined();
  });
});
