// `npm run seed:scale`: writes data at the scale of a large promoter into the Postgres database of DATABASE_URL
// (migrated first): 100,000 users, 1,000 events with 3 ticket types and 2 benefits each, 1,000,000 tickets (ten per
// user, about half of them for events still to come), their 2,000,000 benefit rows, and 10,000 resale listings. It
// runs inside the database (INSERT … SELECT over generate_series), in one transaction, so a failed run leaves nothing.
// Users are scale-<n>@example.com (n from 0); running it again on a database that has them does nothing.
// The server bench (tests/bench/server.ts) signs in as scale-1@example.com.
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';

export const SCALE = { users: 100_000, events: 1_000, typesPerEvent: 3, benefitsPerType: 2, ticketsPerUser: 10, listings: 10_000 };

/** The statements, in order, with what each writes. */
function statements(): [string, string][] {
  const { users, events, typesPerEvent, benefitsPerType, ticketsPerUser, listings } = SCALE;
  const types = events * typesPerEvent;
  const tickets = users * ticketsPerUser;
  return [
    [
      'organisations',
      `INSERT INTO organisations (slug, name, site_base_url, country, resale_fee_basis_points, resale_fee_fixed_minor)
       SELECT 'scale-org-' || g, 'Scale Promoter ' || g, 'https://tickets.example', CASE WHEN g % 2 = 0 THEN 'AU' ELSE 'NZ' END, 500, 100
       FROM generate_series(0, 9) g`,
    ],
    [
      'events',
      // Spread over two years around today: about half are over, a few are on now.
      `INSERT INTO events (organisation_id, slug, name, description, city, venue, address1, latitude, longitude, starts_at, ends_at, time_zone)
       SELECT o.id, 'scale-event-' || g, 'Scale Festival ' || g, 'A day of music, number ' || g, 'Sydney', 'Arena ' || (g % 50),
              (g % 300) || ' George St', -33.86, 151.2,
              now() + ((g - ${events / 2}) * interval '17 hours'), now() + ((g - ${events / 2}) * interval '17 hours') + interval '8 hours',
              'Australia/Sydney'
       FROM generate_series(0, ${events - 1}) g
       JOIN organisations o ON o.slug = 'scale-org-' || (g % 10)`,
    ],
    [
      'ticket types',
      `INSERT INTO ticket_types (event_id, name, description_html, price_minor, currency_code, currency_symbol, max_resale_price_minor, is_giftable, is_resellable, is_swappable)
       SELECT e.id, (ARRAY['General admission', 'VIP', 'Backstage'])[k + 1], '<p>Entry for one person.</p>', 5000 + k * 5000, 'AUD', '$', 6000 + k * 6000, true, true, k < 2
       FROM events e CROSS JOIN generate_series(0, ${typesPerEvent - 1}) k
       WHERE e.slug LIKE 'scale-event-%'`,
    ],
    [
      'benefits',
      `INSERT INTO benefits (ticket_type_id, name, short_description, full_description_html, kind, icon, amount_per_ticket, is_unlockable)
       SELECT t.id, (ARRAY['Drink voucher', 'Festival poster'])[k + 1], 'Included with the ticket', '<p>Show at the bar.</p>',
              CASE WHEN k = 0 THEN 'digital' ELSE 'physical' END, 'gift', 1 + k, k = 0
       FROM ticket_types t JOIN events e ON e.id = t.event_id CROSS JOIN generate_series(0, ${benefitsPerType - 1}) k
       WHERE e.slug LIKE 'scale-event-%'`,
    ],
    [
      'users',
      `INSERT INTO users (email, given_name, family_name, nickname, unique_suffix, locale)
       SELECT 'scale-' || g || '@example.com', 'Fan', 'Number ' || g, 'fan' || g, 's' || g, CASE WHEN g % 5 = 0 THEN 'es' ELSE 'en' END
       FROM generate_series(0, ${users - 1}) g`,
    ],
    [
      'tickets',
      // Ticket j of user n is of type (n * 7 + j * 301) mod types: every user has events past and to come.
      `WITH u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE email LIKE 'scale-%@example.com'),
            t AS (SELECT tt.id, row_number() OVER (ORDER BY tt.id) - 1 AS n, tt.price_minor FROM ticket_types tt JOIN events e ON e.id = tt.event_id WHERE e.slug LIKE 'scale-event-%')
       INSERT INTO user_tickets (ticket_type_id, owner_user_id, status, source, purchase_price_minor)
       SELECT t.id, u.id, 'valid', 'purchase', t.price_minor
       FROM u CROSS JOIN generate_series(0, ${ticketsPerUser - 1}) j
       JOIN t ON t.n = (u.n * 7 + j * 301) % ${types}`,
    ],
    [
      'ticket benefits',
      `INSERT INTO user_ticket_benefits (user_ticket_id, benefit_id, purchased_amount, used_amount)
       SELECT ut.id, b.id, b.amount_per_ticket, CASE WHEN ut.id % 4 = 0 THEN b.amount_per_ticket ELSE 0 END
       FROM user_tickets ut JOIN users u ON u.id = ut.owner_user_id AND u.email LIKE 'scale-%@example.com'
       JOIN benefits b ON b.ticket_type_id = ut.ticket_type_id`,
    ],
    [
      'listings',
      // Every 49th ticket of an event still to come is on sale.
      `WITH picked AS (
         SELECT ut.id, ut.owner_user_id, tt.max_resale_price_minor AS price FROM user_tickets ut
         JOIN ticket_types tt ON tt.id = ut.ticket_type_id JOIN events e ON e.id = tt.event_id
         WHERE e.slug LIKE 'scale-event-%' AND e.starts_at > now() AND ut.id % 49 = 0 ORDER BY ut.id LIMIT ${listings}),
       listed AS (UPDATE user_tickets SET status = 'listed' WHERE id IN (SELECT id FROM picked) RETURNING id)
       INSERT INTO listings (user_ticket_id, seller_user_id, share_code, price_minor, service_fee_minor, currency_code, currency_symbol, status)
       SELECT id, owner_user_id, 'scale' || id, price, 300, 'AUD', '$', 'on_sale' FROM picked`,
    ],
  ];
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('seed:scale writes into Postgres: set DATABASE_URL (PGlite is not meant for this volume)');
  const started = performance.now();
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM users WHERE email = 'scale-0@example.com'`);
    if (rows[0].n > 0) {
      console.log('[seed:scale] the scale data is already there');
      return;
    }
    await client.query('BEGIN');
    for (const [what, text] of statements()) {
      const t0 = performance.now();
      const result = await client.query(text);
      console.log(`[seed:scale] ${what}: ${result.rowCount} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    await client.query('COMMIT');
    const t0 = performance.now();
    await client.query('ANALYZE');
    console.log(`[seed:scale] analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    console.log(`[seed:scale] done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
