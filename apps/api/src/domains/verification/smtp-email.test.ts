import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, randomIp, randomUsername } from '../../../test/members.ts';
import { call, countRows, headers, setupTestApp } from '../../../test/support.ts';
import { createMember } from '../../harness.ts';
import { type EmailMessage, SmtpEmailProvider } from './email.ts';

type Received = { user: string | undefined; from: string; to: string[]; raw: string };

const USER = 'lotus';
const PASS = 'smtp-secret';
const FROM = 'noreply@lotus.example';
/** Recipients at this domain are refused by the server (550), like a real relay refusing an address. */
const REFUSED_DOMAIN = 'refused.example';

const received: Received[] = [];
let server: SMTPServer;
let port = 0;

/** The provider of the app is made once the SMTP server listens (its port is known then). */
let provider: SmtpEmailProvider | null = null;
const ctx = setupTestApp({
  emailProvider: {
    send: (message: EmailMessage) => {
      if (!provider) throw new Error('SMTP provider not ready');
      return provider.send(message);
    },
  },
});

beforeAll(async () => {
  server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS, so the test needs no certificate.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith(`@${REFUSED_DOMAIN}`)) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          user: typeof session.user === 'string' ? session.user : undefined,
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  provider = new SmtpEmailProvider({
    url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
    from: `Lotus <${FROM}>`,
  });
});

afterAll(async () => {
  provider?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Header value (unfolded) and decoded text body of a received message. */
function parse(raw: string): { header: (name: string) => string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    text = Buffer.from(bytes, 'latin1').toString('utf8');
  } else if (encoding === 'base64') {
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { header, text: text.replace(/\r\n/g, '\n') };
}

describe('SMTP e-mail adapter', () => {
  it('delivers the password-reset mail to a real SMTP server: recipient, sender, subject and the link', async () => {
    const username = randomUsername('smtp');
    const email = `${username}@example.com`;
    const ip = randomIp();
    await createMember(ctx.db, {
      merchantCode: 'DEMO',
      username,
      password: 'Secret123',
      email,
      knownIps: [ip],
    });
    const before = received.length;
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/wps/member/password/email',
      remoteAddress: ip,
      headers: { ...headers(), host: 'localhost:8080' },
      payload: { username, email },
    });
    expect(res.body.success).toBe(true);
    expect(received).toHaveLength(before + 1);
    const mail = received.at(-1) as Received;
    expect(mail.user).toBe(USER);
    expect(mail.from).toBe(FROM);
    expect(mail.to).toEqual([email]);
    const parsed = parse(mail.raw);
    expect(parsed.header('To')).toBe(email);
    expect(parsed.header('From')).toBe(`Lotus <${FROM}>`);
    expect(parsed.header('Subject')).toMatch(/: reset your password$/);
    const link = /http:\/\/localhost:8080\/resetPassword\?token=[A-Za-z0-9_-]+/.exec(parsed.text)?.[0];
    expect(parsed.text).toContain(`Hello ${username},`);
    // The link that arrived by SMTP works: it sets a new password once.
    const token = new URL(link ?? 'http://x/').searchParams.get('token') ?? '';
    const reset = await call(ctx.app, {
      method: 'POST',
      url: '/wps/member/password/reset',
      headers: headers(),
      payload: { token, newPassword: 'Mailed1234', confirmNewPassword: 'Mailed1234' },
    });
    expect(reset.body.success).toBe(true);
    expect((await loginAs(ctx, username, 'Mailed1234', { ip })).body.success).toBe(true);
    // Nothing went to the demo outbox.
    expect(await countRows(ctx.db, 'email_outbox')).toBe(0);
  });

  it('fails the send when the server refuses the recipient, and the reset answers email_send_failed', async () => {
    const refusedProvider = provider as SmtpEmailProvider;
    await expect(
      refusedProvider.send({ brandId: '1', to: `x@${REFUSED_DOMAIN}`, subject: 's', body: 'b' }),
    ).rejects.toThrow(/550/);

    const username = randomUsername('smtpno');
    const email = `${username}@${REFUSED_DOMAIN}`;
    await createMember(ctx.db, { merchantCode: 'DEMO', username, password: 'Secret123', email });
    const tokensBefore = await countRows(ctx.db, 'password_reset_tokens');
    const before = received.length;
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/wps/member/password/email',
      remoteAddress: randomIp(),
      headers: headers(),
      payload: { username, email },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, errorCode: 'email_send_failed' });
    expect(received).toHaveLength(before);
    // The link reached nobody, so none stays valid.
    expect(await countRows(ctx.db, 'password_reset_tokens')).toBe(tokensBefore);
    // Nor does it count among the account's sent links (5 per 30 minutes): every retry is sent again.
    for (let i = 0; i < 5; i += 1) {
      const retry = await call(ctx.app, {
        method: 'POST',
        url: '/wps/member/password/email',
        remoteAddress: randomIp(),
        headers: headers(),
        payload: { username, email },
      });
      expect(retry.body.errorCode).toBe('email_send_failed');
    }
  });

  it('fails the send when the server refuses the credentials', async () => {
    const wrong = new SmtpEmailProvider({ url: `smtp://${USER}:wrong@127.0.0.1:${port}`, from: FROM });
    try {
      await expect(
        wrong.send({ brandId: '1', to: 'someone@example.com', subject: 's', body: 'b' }),
      ).rejects.toThrow(/Invalid username or password|535/);
    } finally {
      wrong.close();
    }
  });
});
