// Sign-in codes over real SMTP: SMTP_URL makes the server send through nodemailer; here to an in-process server.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSmtpMailer } from '../../src/server/adapters/mail';
import { call, createTestApp, type TestApp } from './helper';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const smtpUrl = `smtp://127.0.0.1:${port}`;
  t = await createTestApp({ env: { SMTP_URL: smtpUrl }, mailer: createSmtpMailer(smtpUrl, 'Ticket Wallet <no-reply@wallet.test>') });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it('delivers the sign-in code by SMTP, and the delivered code signs the user in', async () => {
  const sent = await call(t.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email: 'smtp@example.com' } });
  expect(sent.status).toBe(200);
  expect(received).toHaveLength(1);
  const mail = received[0]!;
  expect(mail.from).toBe('no-reply@wallet.test');
  expect(mail.to).toEqual(['smtp@example.com']);
  expect(mail.raw).toMatch(/Subject: Your Ticket Wallet code: \d{6}/);
  const code = mail.raw.match(/one-time code is (\d{6})/)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  const verified = await call(t.app, {
    method: 'POST',
    url: '/v1/auth/verifyLoginRequest',
    payload: { email: 'smtp@example.com', otp: code, session: sent.json.session },
  });
  expect(verified.status).toBe(200);
});

it('answers api.auth.login_session_failed when the mail server is down, and keeps no session', async () => {
  const down = await createTestApp({ mailer: createSmtpMailer('smtp://127.0.0.1:1', 'x@wallet.test') });
  try {
    const { status, json } = await call(down.app, {
      method: 'POST',
      url: '/v1/auth/signInOrRegisterAndSignIn',
      payload: { email: 'nobody@example.com' },
    });
    expect(status).toBe(503);
    expect(json.code).toBe('api.auth.login_session_failed');
    const rows = await down.database.db.query.loginSessions.findMany();
    expect(rows).toHaveLength(0);
  } finally {
    await down.close();
  }
});

it('in production the 503 names neither the mail server nor its port (they go to the log)', async () => {
  const down = await createTestApp({
    env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1', PAYMENTS_PROVIDER: 'local', ALLOWED_ORIGINS: 'https://tickets.example.com' },
    mailer: createSmtpMailer('smtp://127.0.0.1:1', 'x@wallet.test'),
  });
  try {
    const { status, json, response } = await call(down.app, {
      method: 'POST',
      url: '/v1/auth/signInOrRegisterAndSignIn',
      payload: { email: 'nobody@example.com' },
    });
    expect(status).toBe(503);
    expect(json).toEqual({ statusCode: 503, code: 'api.auth.login_session_failed', message: 'Failed to create login session' });
    expect(response.body).not.toContain('127.0.0.1');
    expect(response.body).not.toMatch(/ECONNREFUSED|:1\b/);
  } finally {
    await down.close();
  }
});
