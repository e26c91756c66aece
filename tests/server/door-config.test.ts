// The organisation's signing key of device-bound entry codes (DOOR_SIGNING_KEY): checked at start, made once in the
// data directory outside production and kept across restarts, absent in production unless configured.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { TEST_SECRET } from './helper';

const dir = mkdtempSync(join(tmpdir(), 'tw-door-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const production = { DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: TEST_SECRET, SMTP_URL: 'smtp://mail.test:25', PAYMENTS_PROVIDER: 'local' };

describe('DOOR_SIGNING_KEY', () => {
  it('is made once in the data directory outside production, and the same key is read on the next start', () => {
    const first = loadConfig({ DATA_DIR: dir }).doorSigning;
    expect(first?.keyId).toBe(1);
    expect(first?.privateKeyPem).toContain('BEGIN PRIVATE KEY');
    expect(readFileSync(join(dir, 'door-signing-key.pem'), 'utf8')).toBe(first?.privateKeyPem);
    expect(loadConfig({ DATA_DIR: dir }).doorSigning).toEqual(first);
  });

  it('is absent in production unless configured, and taken with its id when it is', () => {
    expect(loadConfig(production).doorSigning).toBeUndefined();
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // A PEM in one line with \n escapes, as environment files often hold it.
    const configured = loadConfig({ ...production, DOOR_SIGNING_KEY: pem.replace(/\n/g, '\\n'), DOOR_SIGNING_KEY_ID: '7' }).doorSigning;
    expect(configured).toEqual({ keyId: 7, privateKeyPem: pem });
  });

  it('refuses what is not a P-256 private key', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    expect(() => loadConfig({ ...production, DOOR_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, DOOR_SIGNING_KEY: 'not a key' })).toThrow('DOOR_SIGNING_KEY is not a private key in PEM');
    expect(() => loadConfig({ ...production, DOOR_SIGNING_KEY_ID: '70000' })).toThrow(ConfigError);
  });
});
