// Outgoing mail: real SMTP through nodemailer when SMTP_URL is set, otherwise a development outbox that keeps
// the messages in memory (listed at /dev/outbox outside production) and prints them in the server log.
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxEntry extends MailMessage {
  sentAt: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Messages kept by the development outbox, newest last; undefined for SMTP. */
  outbox?: OutboxEntry[];
  close(): Promise<void>;
}

/** The outbox keeps at most this many messages so a long-running dev server does not grow without bound. */
const OUTBOX_LIMIT = 500;

export function createOutboxMailer(log: (line: string) => void = () => undefined): Mailer {
  const outbox: OutboxEntry[] = [];
  return {
    kind: 'outbox',
    outbox,
    async send(message) {
      outbox.push({ ...message, sentAt: new Date().toISOString() });
      if (outbox.length > OUTBOX_LIMIT) outbox.splice(0, outbox.length - OUTBOX_LIMIT);
      log(`[outbox] to=${message.to} subject=${JSON.stringify(message.subject)}`);
    },
    async close() {},
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    async close() {
      transport.close();
    },
  };
}
