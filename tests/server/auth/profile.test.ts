// GET /auth/me, POST /auth/profile and POST /auth/username.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { call, createTestApp, signIn, type TestApp } from '../helper';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t, 'profile@example.com')).accessToken;
});
afterAll(() => t.close());

const updateProfile = (payload: unknown, as = token) =>
  call(t.app, { method: 'POST', url: '/v1/auth/profile', token: as, payload: payload as object });
const username = (payload: unknown) => call(t.app, { method: 'POST', url: '/v1/auth/username', token, payload: payload as object });

describe('GET /auth/me', () => {
  it('answers every profile field, with uniqueID from the username suffix and picture as an asset URL', async () => {
    await t.database.db.update(users).set({ pictureKey: 'avatars/p.png' }).where(eq(users.email, 'profile@example.com'));
    const { status, json } = await call(t.app, { method: 'GET', url: '/v1/auth/me', token });
    expect(status).toBe(200);
    expect(Object.keys(json).sort()).toEqual(
      [
        'address', 'birthdate', 'email', 'familyName', 'gender', 'givenName', 'locale', 'middleName', 'name', 'nickname',
        'picture', 'preferredUsername', 'profile', 'website', 'zoneInfo', 'uniqueID', 'phoneNumber',
      ].sort(),
    );
    expect(json.preferredUsername).toMatch(/^profile#\d{4,6}$/);
    expect(json.uniqueID).toBe(`#${json.preferredUsername.split('#').at(-1)}`);
    expect(json.picture).toBe('https://cdn.wallet.test/assets/avatars/p.png');
    expect(json.givenName).toBeNull();
  });
});

describe('POST /auth/profile', () => {
  it('saves trimmed first and last name', async () => {
    const { status, json } = await updateProfile({ givenName: '  Sam ', familyName: ' Lee' });
    expect(status).toBe(200);
    expect(json).toMatchObject({ givenName: 'Sam', familyName: 'Lee', name: 'Sam Lee' });
  });

  it.each([
    [{ givenName: '   ' }, 'form.first_name_empty'],
    [{ familyName: '' }, 'form.last_name_empty'],
    [{ givenName: 7 }, 'form.invalid_type'],
    [{ nickname: '  ' }, 'form.username_empty'],
    [{ nickname: 'has#hash' }, 'form.username_invalid'],
    [{ phoneNumber: 'call me' }, 'form.phone_invalid'],
    [{ email: 'new@example.com' }, ''],
  ])('refuses %j and writes nothing', async (payload, message) => {
    const before = await call(t.app, { method: 'GET', url: '/v1/auth/me', token });
    const { status, json } = await updateProfile(payload);
    expect(status).toBe(400);
    expect(json.code).toBe('api.invalid_request_body');
    if (message) expect(json.issues.map((issue: { message: string }) => issue.message)).toContain(message);
    expect((await call(t.app, { method: 'GET', url: '/v1/auth/me', token })).json).toEqual(before.json);
  });

  it('saves a phone number and refuses one that another user holds', async () => {
    expect((await updateProfile({ phoneNumber: '+61 400-000-001' })).json.phoneNumber).toBe('+61400000001');
    const other = (await signIn(t, 'other-phone@example.com')).accessToken;
    const taken = await updateProfile({ phoneNumber: '+61400000001' }, other);
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ code: 'api.profile.email_or_phone_in_use', message: 'Email or phone number already in use' });
    // The same number typed another way is the same E.164 number.
    expect((await updateProfile({ phoneNumber: '+61 400 000 001' }, other)).json.code).toBe('api.profile.email_or_phone_in_use');
  });

  it.each(['+61 12345', '0400000001', '+1 555 000'])('refuses %s, which is no valid international number', async (phoneNumber) => {
    const { status, json } = await updateProfile({ phoneNumber });
    expect(status).toBe(400);
    expect(json).toMatchObject({ code: 'api.profile.phone_invalid', message: 'This phone number is not valid' });
  });

  it('changes the nickname but never the unique suffix', async () => {
    const before = (await call(t.app, { method: 'GET', url: '/v1/auth/me', token })).json;
    const { json } = await updateProfile({ nickname: 'samlee' });
    expect(json.nickname).toBe('samlee');
    expect(json.uniqueID).toBe(before.uniqueID);
    expect(json.preferredUsername).toBe(`samlee${before.uniqueID}`);
  });

  it('refuses a reserved nickname', async () => {
    expect((await updateProfile({ nickname: 'Support' })).json.code).toBe('api.profile.username_taken');
  });
});

describe('POST /auth/username', () => {
  it('saves a chosen nickname', async () => {
    expect((await username({ username: 'sammy' })).json.nickname).toBe('sammy');
  });

  it('generates one from the names when none is given', async () => {
    await updateProfile({ givenName: 'Sam', familyName: 'Lee' });
    const { status, json } = await username({});
    expect(status).toBe(200);
    expect(json.nickname).toBe('samlee');
  });

  it('refuses a reserved or malformed nickname', async () => {
    const reserved = await username({ username: 'admin' });
    expect(reserved.status).toBe(409);
    expect(reserved.json).toMatchObject({ code: 'api.auth.username_in_use', message: 'This username is already in use' });
    expect((await username({ username: 'two words' })).json.code).toBe('api.invalid_request_body');
  });
});
