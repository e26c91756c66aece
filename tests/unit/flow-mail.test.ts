// The parts the flows' e-mails share (src/server/modules/flow-mail.ts): a mail in its reader's language from its pair
// of keys, and sending that never throws: a mail that fails is logged, the others still go.
import { describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../../src/server/adapters/mail';
import { displayName, localisedMail, mailMoney, mailsOrLog } from '../../src/server/modules/flow-mail';

const gift = { subject: 'mail.gift_sent.subject', text: 'mail.gift_sent.text' };

function recording(refuse: (mail: MailMessage) => boolean = () => false) {
  const sent: MailMessage[] = [];
  const logged: Array<[string, unknown]> = [];
  const mailer: Mailer = {
    send: async (mail) => {
      if (refuse(mail)) throw new Error(`refused ${mail.to}`);
      sent.push(mail);
    },
  } as Mailer;
  return { sent, logged, deps: { mailer, log: (message: string, error: unknown) => logged.push([message, error]) } };
}

describe('flow mail', () => {
  it('writes a mail in its reader’s language, the facts in its placeholders', () => {
    const facts = { ticket: 'VIP', event: 'Harbour Lights', receiver: 'Sam Rivera' };
    const en = localisedMail('ada@example.com', 'en', gift, facts);
    const es = localisedMail('ada@example.com', 'es', gift, facts);
    expect(en.to).toBe('ada@example.com');
    expect(en.text).toContain('Sam Rivera');
    expect(en.subject).not.toBe(es.subject);
    expect(en.subject).not.toContain('mail.');
  });

  it('sends every mail; one refused is logged and the others still go', async () => {
    const { sent, logged, deps } = recording((mail) => mail.to === 'b@example.com');
    const mails = ['a@example.com', 'b@example.com', 'c@example.com'].map((to) => ({ to, subject: 's', text: 't' }));
    await mailsOrLog(deps, 'test: a mail was not sent', async () => mails);
    expect(sent.map((mail) => mail.to)).toEqual(['a@example.com', 'c@example.com']);
    expect(logged.map(([message, error]) => [message, String(error)])).toEqual([['test: a mail was not sent', 'Error: refused b@example.com']]);
  });

  it('never throws: a failure while writing the mails is logged and nothing is sent', async () => {
    const { sent, logged, deps } = recording();
    await expect(mailsOrLog(deps, 'test: not sent', async () => Promise.reject(new Error('no row')))).resolves.toBeUndefined();
    expect(sent).toEqual([]);
    expect(logged).toHaveLength(1);
  });

  it('names a person by full name, else by username; writes money with two decimals', () => {
    expect(displayName({ givenName: 'Sam', familyName: ' ', nickname: 'sam', uniqueSuffix: '4821' })).toBe('Sam');
    expect(displayName({ givenName: null, familyName: null, nickname: 'sam', uniqueSuffix: '4821' })).toBe('sam#4821');
    expect(mailMoney(14000, '$')).toBe('$140.00');
  });
});
