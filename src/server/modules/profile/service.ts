// The user profile: what /auth/me answers and what /auth/profile and /auth/username change. A nickname is
// paired with a unique suffix chosen at registration that never changes: preferredUsername = nickname#suffix.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { UserProfile } from '../../../contract/entities';
import { ApiError } from '../../../contract/errors';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { inTransaction, isUniqueViolation } from '../../db/transaction';
import { recordEvent } from '../events/record';
import type { Locale } from '../../i18n';

type UserRow = typeof users.$inferSelect;

/** Nicknames that would impersonate the product or its staff. */
const reservedNicknames = new Set(['admin', 'administrator', 'support', 'help', 'ticketwallet', 'staff', 'organizer', 'root']);

export function toProfile(user: UserRow, assetBaseUrl: string): UserProfile {
  const preferredUsername = `${user.nickname}#${user.uniqueSuffix}`;
  const name = [user.givenName, user.familyName].filter(Boolean).join(' ') || null;
  return {
    address: user.address,
    birthdate: user.birthdate,
    email: user.email,
    familyName: user.familyName,
    gender: user.gender,
    givenName: user.givenName,
    locale: user.locale === 'es' ? 'es' : 'en',
    middleName: user.middleName,
    name,
    nickname: user.nickname,
    picture: pictureUrl(user.pictureKey, assetBaseUrl),
    preferredUsername,
    profile: user.profileUrl,
    website: user.website,
    zoneInfo: user.zoneInfo,
    uniqueID: `#${preferredUsername.slice(preferredUsername.lastIndexOf('#') + 1)}`,
    phoneNumber: user.phoneNumber,
  };
}

export function pictureUrl(pictureKey: string | null, assetBaseUrl: string): string | null {
  if (!pictureKey) return null;
  return /^https?:\/\//.test(pictureKey) ? pictureKey : `${assetBaseUrl}/${pictureKey}`;
}

/** A nickname proposal from a name or an e-mail: lower-case letters and digits, never empty. */
export function nicknameFrom(source: string): string {
  const cleaned = source
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._]/g, '')
    .slice(0, 24);
  return cleaned || 'guest';
}

/** Registers a user on first sign-in, with a nickname from the e-mail and a fresh unique suffix. */
export async function createUser(tx: Database | Transaction, input: { email: string; locale: Locale }): Promise<number> {
  const nickname = nicknameFrom(input.email.split('@')[0] ?? '');
  for (let attempt = 0; attempt < 20; attempt++) {
    // Four digits while they last, then six: the suffix is what makes a username unique.
    const digits = attempt < 10 ? 4 : 6;
    const uniqueSuffix = String(randomInt(10 ** (digits - 1), 10 ** digits));
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.uniqueSuffix, uniqueSuffix));
    if (taken) continue;
    // Another request may register the same e-mail (or take the suffix) at the same moment: no error, look again.
    const [created] = await tx
      .insert(users)
      .values({ email: input.email, nickname, uniqueSuffix, locale: input.locale })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created) return created.id;
    const [registered] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (registered) return registered.id;
  }
  throw new ApiError('api.auth.login_session_failed');
}

export interface ProfileChanges {
  nickname?: string;
  givenName?: string;
  familyName?: string;
  phoneNumber?: string;
  locale?: Locale;
}

export function createProfileService({ db, config }: { db: Database; config: Config }) {
  async function load(userId: number): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new ApiError('api.auth.token_not_authorized');
    return user;
  }

  async function save(userId: number, changes: Partial<UserRow>): Promise<UserProfile> {
    if (Object.keys(changes).length === 0) return toProfile(await load(userId), config.assetBaseUrl);
    try {
      const user = await inTransaction(db, async (tx) => {
        const [row] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
        if (!row) throw new ApiError('api.auth.token_not_authorized');
        // The user's other devices show the new name, picture, phone or language.
        recordEvent(tx, { userId, type: 'profile.changed' });
        return row;
      });
      return toProfile(user, config.assetBaseUrl);
    } catch (error) {
      if (isUniqueViolation(error, 'users_phone_number_unique')) throw new ApiError('api.profile.email_or_phone_in_use');
      if (isUniqueViolation(error, 'users_nickname_suffix')) throw new ApiError('api.profile.username_exists');
      throw error;
    }
  }

  return {
    async me(userId: number): Promise<UserProfile> {
      return toProfile(await load(userId), config.assetBaseUrl);
    },

    async update(userId: number, changes: ProfileChanges): Promise<UserProfile> {
      if (changes.nickname !== undefined && reservedNicknames.has(changes.nickname.toLowerCase())) {
        throw new ApiError('api.profile.username_taken');
      }
      if (changes.phoneNumber !== undefined) {
        // Stored as E.164: an international number that is valid for its country (the modal sends it so).
        const phone = parsePhoneNumberFromString(changes.phoneNumber);
        if (!phone?.isValid()) throw new ApiError('api.profile.phone_invalid');
        changes = { ...changes, phoneNumber: phone.number };
        const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone.number));
        if (holder && holder.id !== userId) throw new ApiError('api.profile.email_or_phone_in_use');
      }
      return save(userId, changes);
    },

    /** Saves the given nickname after checking it, or generates one from the user's names or e-mail. */
    async setUsername(userId: number, username: string | undefined): Promise<UserProfile> {
      const user = await load(userId);
      if (username !== undefined && reservedNicknames.has(username.toLowerCase())) {
        throw new ApiError('api.auth.username_in_use');
      }
      const nickname =
        username ?? nicknameFrom([user.givenName, user.familyName].filter(Boolean).join('') || user.email.split('@')[0] || '');
      try {
        return await save(userId, { nickname });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'api.profile.username_exists') throw new ApiError('api.auth.username_in_use');
        throw error;
      }
    },

    /** Saves the new picture and answers the key of the one it replaces, for the caller to delete. */
    async setPictureKey(userId: number, pictureKey: string | null): Promise<{ profile: UserProfile; previousKey: string | null }> {
      const previous = await load(userId);
      return { profile: await save(userId, { pictureKey }), previousKey: previous.pictureKey };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
