// Organiser keys carry at least 128 bits: a configured key too short is refused at start with a message that says
// what is needed, new keys come from randomBytes, and the seed gives the demo organisation the configured key (on a
// database seeded before too, whose old key then stops working at the gate).
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { events } from '../../src/server/db/schema';
import { DEMO_ORGANIZER_KEY, seedDemoData } from '../../src/server/db/seed';
import { generateOrganizerKey, hashOrganizerKey, ORGANIZER_KEY_MIN_BITS, organizerKeyBits } from '../../src/server/organizer-key';
import { call, createDemoApp, type DemoApp } from './helper';
import { TEST_TMP } from '../support/test-tmp';

const config = (key: string) => loadConfig({ DATA_DIR: `${TEST_TMP}/config-organizer-key`, DEMO_ORGANIZER_KEY: key });

describe('organiser key strength', () => {
  it('refuses a configured key with room for fewer than 128 random bits, saying what is needed', () => {
    for (const weak of ['demo-organizer-key', 'tw_ok_short', '0123456789abcdef0123456789abcde', 'a pass phrase with spaces in it, long enough']) {
      expect(() => config(weak)).toThrow(ConfigError);
      expect(() => config(weak)).toThrow(/^DEMO_ORGANIZER_KEY is refused: an organiser key must carry at least 128 bits of randomness: 32 hex or 22 base64url/);
    }
    // 32 hex characters, 22 base64url ones (with or without the prefix) are enough.
    expect(config('0123456789abcdef0123456789abcdef').demoOrganizerKey).toBe('0123456789abcdef0123456789abcdef');
    expect(config('tw_ok_AAECAwQFBgcICQoLDA0ODw').demoOrganizerKey).toBe('tw_ok_AAECAwQFBgcICQoLDA0ODw');
    // Unset: the public demo key, itself long enough.
    expect(loadConfig({ DATA_DIR: `${TEST_TMP}/config-organizer-key` }).demoOrganizerKey).toBe(DEMO_ORGANIZER_KEY);
    expect(organizerKeyBits(DEMO_ORGANIZER_KEY)).toBeGreaterThanOrEqual(ORGANIZER_KEY_MIN_BITS);
  });

  it('makes new keys from randomBytes: 192 bits, each different', () => {
    const keys = new Set(Array.from({ length: 50 }, generateOrganizerKey));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^tw_ok_[A-Za-z0-9_-]{32}$/);
      expect(organizerKeyBits(key)).toBe(192);
    }
  });

  it('npm run organizer-key prints a key and the hash the organisations table stores', () => {
    const out = execFileSync('npx', ['tsx', 'src/server/organizer-key-cli.ts'], { encoding: 'utf8' });
    const key = /organiser key:\s+(\S+)/.exec(out)?.[1];
    const hash = /organizer_key_hash:\s+(\S+)/.exec(out)?.[1];
    expect(organizerKeyBits(key!)).toBeGreaterThanOrEqual(ORGANIZER_KEY_MIN_BITS);
    expect(hash).toBe(hashOrganizerKey(key!));
  }, 60_000);
});

describe('the seed gives the demo organisation the configured key', () => {
  let t: DemoApp;
  let eventId: number;
  beforeAll(async () => {
    t = await createDemoApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    eventId = (await t.database.db.select({ id: events.id }).from(events))[0]!.id;
  }, 120_000);
  afterAll(() => t.close());
  const revocations = (key: string) => call(t.app, { method: 'GET', url: `/v1/door/events/${eventId}/revocations`, headers: { 'x-organizer-key': key } });

  it('on a database seeded before, the new key works at the door and the old one no longer does', async () => {
    expect((await revocations(DEMO_ORGANIZER_KEY)).status).toBe(200);
    const configured = generateOrganizerKey();
    expect(await seedDemoData(t.database.db, { organizerKey: configured })).toEqual({ seeded: false });
    expect((await revocations(configured)).status).toBe(200);
    const old = await revocations(DEMO_ORGANIZER_KEY);
    expect(old.status).toBe(401);
    expect(old.json.code).toBe('api.access.organizer_key_invalid');
  });
});
