// Wallet passes of a ticket: the holder's links (a short-lived Apple Wallet download, a Google Wallet save link),
// the pass itself, and Apple's PassKit web service (devices register for a pass, ask which changed, fetch the latest).
// A pass is one user ticket row (serial `tw-<id>`); the row belongs to one holder for good, so once it is passed on,
// used or over the pass is void: the gate refuses its code, Apple's web service answers it voided.
import { and, eq, gt, lte, or, type SQL } from 'drizzle-orm';
import { MAX_ID } from '../../../contract/endpoints';
import type { WalletLinks } from '../../../contract/entities';
import { ApiError } from '../../../contract/errors';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { events, organisations, ticketTypes, userEvents, users, userTickets, walletPassRegistrations, walletPasses } from '../../db/schema';
import { asLocale } from '../../i18n';
import { sameHash } from '../auth/tokens';
import { heldStatuses } from '../lifecycle/service';
import { applePass } from './apple';
import { googleLogo } from './art';
import { passCode, passMac } from './barcode';
import type { PassContent } from './content';
import { googleObjectId, googleSaveLink } from './google';
import { type GoogleWalletUpdates, noGoogleWalletUpdates } from './google-api';
import type { PassPush } from './push';

/** How long the Apple Wallet download link of GET /v1/wallet/tickets/{id} works. */
export const DOWNLOAD_LINK_SECONDS = 600;
/** The path Apple Wallet's web service lives under (the pass's webServiceURL). */
export const APPLE_WEB_SERVICE_PATH = '/v1/wallet/apple';

export const serialOf = (userTicketId: number) => `tw-${userTicketId}`;

function idOfSerial(serial: string): number | null {
  const match = /^tw-(\d{1,10})$/.exec(serial);
  const id = match ? Number(match[1]) : 0;
  return id > 0 && id <= MAX_ID ? id : null;
}

export interface PassesDeps {
  db: Database;
  config: Pick<Config, 'walletPasses' | 'publicBaseUrl' | 'jwtSecret'>;
  push: PassPush;
  /** Google Wallet's REST API, to expire a saved pass; none by default. */
  googleUpdates?: GoogleWalletUpdates;
  now: () => Date;
}

export function createPassesService({ db, config, push, googleUpdates = noGoogleWalletUpdates, now }: PassesDeps) {
  const { apple, google } = config.walletPasses;
  const secret = config.jwtSecret;
  const authenticationToken = (serial: string) => passMac(secret, 'apple-pass-auth', serial);

  function downloadToken(userTicketId: number): string {
    const expires = Math.floor(now().getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
    return `${userTicketId}.${expires}.${passMac(secret, 'wallet-download', `${userTicketId}.${expires}`)}`;
  }

  function readDownloadToken(token: string): number | null {
    const [id, expires, mac, ...rest] = token.split('.');
    if (rest.length || !id || !expires || !mac || !/^\d{1,10}$/.test(id) || !/^\d{1,12}$/.test(expires)) return null;
    if (Number(expires) * 1000 < now().getTime()) return null;
    const userTicketId = Number(id);
    if (userTicketId <= 0 || userTicketId > MAX_ID) return null;
    return sameHash(mac, passMac(secret, 'wallet-download', `${id}.${expires}`)) ? userTicketId : null;
  }

  /** The ticket with everything its pass shows, or undefined. */
  async function ticketOf(userTicketId: number) {
    const [row] = await db
      .select({
        ownerUserId: userTickets.ownerUserId,
        status: userTickets.status,
        ticketName: ticketTypes.name,
        event: {
          id: events.id,
          name: events.name,
          venue: events.venue,
          city: events.city,
          startsAt: events.startsAt,
          endsAt: events.endsAt,
          timeZone: events.timeZone,
          latitude: events.latitude,
          longitude: events.longitude,
        },
        organisationId: organisations.id,
        organisationName: organisations.name,
        entryCode: organisations.entryCode,
        holder: { locale: users.locale, givenName: users.givenName, familyName: users.familyName, nickname: users.nickname, suffix: users.uniqueSuffix },
      })
      .from(userTickets)
      .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
      .innerJoin(events, eq(events.id, ticketTypes.eventId))
      .innerJoin(organisations, eq(organisations.id, events.organisationId))
      .innerJoin(users, eq(users.id, userTickets.ownerUserId))
      .where(eq(userTickets.id, userTicketId));
    if (!row) return undefined;
    const { holder, event } = row;
    const content: PassContent & { eventId: number } = {
      userTicketId,
      eventId: event.id,
      serialNumber: serialOf(userTicketId),
      // Passed on, used (final states): the pass no longer admits.
      voided: !heldStatuses.includes(row.status),
      locale: asLocale(holder.locale),
      organisationId: row.organisationId,
      organisationName: row.organisationName,
      eventName: event.name,
      venue: event.venue,
      city: event.city,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      timeZone: event.timeZone,
      latitude: event.latitude,
      longitude: event.longitude,
      ticketName: row.ticketName,
      holder: [holder.givenName, holder.familyName].filter(Boolean).join(' ') || `${holder.nickname}#${holder.suffix}`,
      code: passCode(secret, userTicketId),
    };
    return { ownerUserId: row.ownerUserId, status: row.status, entryCode: row.entryCode, content };
  }

  /** A pass is offered for a ticket its holder still holds and whose event is not over. */
  function refusalOf(ticket: NonNullable<Awaited<ReturnType<typeof ticketOf>>>): ApiError | undefined {
    if (ticket.status === 'used') return new ApiError('api.ticket.used');
    if (ticket.content.voided) return new ApiError('api.ticket.not_held');
    if (ticket.content.endsAt < now()) return new ApiError('api.ticket.event_over');
    return undefined;
  }

  /** The pass is on record from its first link: from then on every change of the ticket moves its updated_at. */
  async function recordPass(userTicketId: number) {
    await db.insert(walletPasses).values({ userTicketId, updatedAt: now() }).onConflictDoNothing();
  }

  const appleWebService = (serial: string) => ({ url: `${config.publicBaseUrl}${APPLE_WEB_SERVICE_PATH}`, authenticationToken: authenticationToken(serial) });

  /** Apple's calls name the pass type and serial and carry `ApplePass <token>`: the pass on record, else the refusal. */
  async function passOfDevice(passTypeId: string, serial: string, authorization: string | undefined) {
    const userTicketId = idOfSerial(serial);
    const token = /^ApplePass (\S+)$/.exec(authorization ?? '')?.[1];
    if (userTicketId === null || !token || !sameHash(token, authenticationToken(serial))) throw new ApiError('api.wallet.pass_auth_invalid');
    if (!apple || passTypeId !== apple.passTypeId) throw new ApiError('api.wallet.pass_not_found');
    const [pass] = await db.select().from(walletPasses).where(eq(walletPasses.userTicketId, userTicketId));
    if (!pass) throw new ApiError('api.wallet.pass_not_found');
    return pass;
  }

  /** Pushes the devices registered for the pass; unregisters the tokens APNs answers gone. */
  async function pushDevices(userTicketId: number) {
    const passTypeId = apple!.passTypeId;
    const rows = await db
      .select({ pushToken: walletPassRegistrations.pushToken })
      .from(walletPassRegistrations)
      .where(and(eq(walletPassRegistrations.userTicketId, userTicketId), eq(walletPassRegistrations.passTypeId, passTypeId)));
    if (!rows.length) return;
    const { gone } = await push.notify(passTypeId, [...new Set(rows.map((row) => row.pushToken))]);
    if (!gone.length) return;
    // A registration goes only when APNs's timestamp is not older than it: a device that registered again after the
    // token stopped being valid (Apple's advice: compare, do not just delete) keeps its registration.
    const registeredBefore = gone.map(({ token, since }) =>
      and(eq(walletPassRegistrations.pushToken, token), since ? lte(walletPassRegistrations.createdAt, since) : undefined),
    ) as SQL[];
    await db.delete(walletPassRegistrations).where(and(eq(walletPassRegistrations.passTypeId, passTypeId), or(...registeredBefore)));
  }

  return {
    /** The organisation's logo for Google Wallet: drawn from the ticket glyph (src/server/modules/passes/art.ts). */
    async logo(organisationId: number): Promise<Buffer> {
      const [organisation] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId));
      if (!organisation) throw new ApiError('api.not_found');
      return googleLogo();
    },

    async links(userId: number, userTicketId: number): Promise<WalletLinks> {
      const ticket = await ticketOf(userTicketId);
      if (!ticket || ticket.ownerUserId !== userId) throw new ApiError('api.ticket.not_found');
      const refusal = refusalOf(ticket);
      if (refusal) throw refusal;
      await recordPass(userTicketId);
      return {
        apple: apple ? `${config.publicBaseUrl}/v1/wallet/apple/download/${downloadToken(userTicketId)}` : null,
        google: google
          ? await googleSaveLink({ content: ticket.content, entryCode: ticket.entryCode, secret, origin: config.publicBaseUrl, now: now() }, google)
          : null,
        serialNumber: ticket.content.serialNumber,
      };
    },

    /** The pass by its download link: refused once the ticket is passed on, even within the link's minutes. */
    async download(token: string): Promise<Buffer> {
      const userTicketId = readDownloadToken(token);
      const ticket = userTicketId === null ? undefined : await ticketOf(userTicketId);
      if (!ticket) throw new ApiError('api.wallet.link_invalid');
      const refusal = refusalOf(ticket);
      if (refusal) throw refusal;
      if (!apple) throw new ApiError('api.wallet.unavailable');
      await recordPass(ticket.content.userTicketId);
      return applePass(ticket.content, apple, appleWebService(ticket.content.serialNumber));
    },

    /** A device asks for a pass's updates; `created` false when it already had (Apple: 201 or 200). */
    async register(input: { deviceLibraryId: string; passTypeId: string; serial: string; authorization: string | undefined; pushToken: string }) {
      const pass = await passOfDevice(input.passTypeId, input.serial, input.authorization);
      const key = { deviceLibraryId: input.deviceLibraryId, passTypeId: input.passTypeId, userTicketId: pass.userTicketId };
      // The registration's time is the device's latest registration (APNs's 410 timestamps are compared with it).
      const registeredAt = now();
      const inserted = await db
        .insert(walletPassRegistrations)
        .values({ ...key, pushToken: input.pushToken, createdAt: registeredAt })
        .onConflictDoNothing()
        .returning({ id: walletPassRegistrations.id });
      if (inserted.length) return { created: true };
      await db
        .update(walletPassRegistrations)
        .set({ pushToken: input.pushToken, createdAt: registeredAt })
        .where(and(eq(walletPassRegistrations.deviceLibraryId, key.deviceLibraryId), eq(walletPassRegistrations.passTypeId, key.passTypeId), eq(walletPassRegistrations.userTicketId, key.userTicketId)));
      return { created: false };
    },

    async unregister(input: { deviceLibraryId: string; passTypeId: string; serial: string; authorization: string | undefined }) {
      const pass = await passOfDevice(input.passTypeId, input.serial, input.authorization);
      await db
        .delete(walletPassRegistrations)
        .where(
          and(
            eq(walletPassRegistrations.deviceLibraryId, input.deviceLibraryId),
            eq(walletPassRegistrations.passTypeId, input.passTypeId),
            eq(walletPassRegistrations.userTicketId, pass.userTicketId),
          ),
        );
    },

    /** Serials of the device's passes changed after the tag (ms since the epoch); null when none. */
    async updatedSince(deviceLibraryId: string, passTypeId: string, since: string | undefined) {
      const rows = await db
        .select({ userTicketId: walletPasses.userTicketId, updatedAt: walletPasses.updatedAt })
        .from(walletPassRegistrations)
        .innerJoin(walletPasses, eq(walletPasses.userTicketId, walletPassRegistrations.userTicketId))
        .where(
          and(
            eq(walletPassRegistrations.deviceLibraryId, deviceLibraryId),
            eq(walletPassRegistrations.passTypeId, passTypeId),
            since === undefined ? undefined : gt(walletPasses.updatedAt, new Date(Number(since))),
          ),
        );
      if (!rows.length) return null;
      const lastUpdated = Math.max(...rows.map((row) => row.updatedAt.getTime()));
      return { serialNumbers: rows.map((row) => serialOf(row.userTicketId)).sort(), lastUpdated: String(lastUpdated) };
    },

    /** The latest pass, or `notModified` when it has not changed since If-Modified-Since (whole seconds, as HTTP dates are). */
    async latest(input: { passTypeId: string; serial: string; authorization: string | undefined; ifModifiedSince: string | undefined }) {
      const pass = await passOfDevice(input.passTypeId, input.serial, input.authorization);
      const lastModified = new Date(Math.floor(pass.updatedAt.getTime() / 1000) * 1000);
      const since = input.ifModifiedSince ? Date.parse(input.ifModifiedSince) : Number.NaN;
      if (!Number.isNaN(since) && lastModified.getTime() <= since) return { notModified: true as const, lastModified };
      const ticket = await ticketOf(pass.userTicketId);
      if (!ticket || !apple) throw new ApiError('api.wallet.pass_not_found');
      return { notModified: false as const, lastModified, pkpass: await applePass(ticket.content, apple, appleWebService(input.serial)) };
    },

    /**
     * After a change committed here (the ticket of the holder's event `eventId`), for a ticket whose pass was handed
     * out: Apple Wallet devices registered for it get a push (and those APNs says are gone are unregistered); a ticket
     * passed on or used has its Google Wallet object expired. Nothing is read when neither service is on.
     */
    async afterChange(eventId: number) {
      const pushing = push.enabled && apple !== undefined;
      const expiring = googleUpdates.enabled && google !== undefined;
      if (!pushing && !expiring) return;
      const [row] = await db
        .select({ userTicketId: walletPasses.userTicketId, status: userTickets.status })
        .from(userEvents)
        .innerJoin(walletPasses, eq(walletPasses.userTicketId, userEvents.userTicketId))
        .innerJoin(userTickets, eq(userTickets.id, userEvents.userTicketId))
        .where(eq(userEvents.id, eventId));
      if (!row) return;
      const work: Array<Promise<unknown>> = [];
      if (pushing) work.push(pushDevices(row.userTicketId));
      // Only a pass that no longer admits changes at Google (its object holds no field that a list or unlist moves):
      // passed on (a final state) or used at the gate.
      if (expiring && (row.status === 'used' || !heldStatuses.includes(row.status))) {
        work.push(googleUpdates.setState(googleObjectId(google.issuerId, serialOf(row.userTicketId)), row.status === 'used' ? 'COMPLETED' : 'INACTIVE'));
      }
      const failures = (await Promise.allSettled(work)).filter((result) => result.status === 'rejected');
      if (failures.length) throw new AggregateError(failures.map((failure) => failure.reason), 'wallet pass update failed');
    },
  };
}

export type PassesService = ReturnType<typeof createPassesService>;
