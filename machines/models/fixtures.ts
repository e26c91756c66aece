// Sample data shared by the machine tests.
import type { UserProfile } from '../../src/contract/entities';
import { ApiRequestError } from '../../src/client/errors';

export function userProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    address: null,
    birthdate: null,
    email: 'ada@example.com',
    familyName: 'Lovelace',
    gender: null,
    givenName: 'Ada',
    locale: 'en',
    middleName: null,
    name: 'Ada Lovelace',
    nickname: 'ada',
    picture: null,
    preferredUsername: 'ada#4821',
    profile: null,
    website: null,
    zoneInfo: null,
    uniqueID: '#4821',
    phoneNumber: null,
    ...overrides,
  };
}

export function httpError(
  endpoint: ConstructorParameters<typeof ApiRequestError>[0],
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
) {
  return new ApiRequestError(endpoint, status, { statusCode: status, code, message: code, ...extra });
}
