import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SmsOutboxPage } from '@lotus/contracts/backoffice';
import { errorMessage } from '@lotus/contracts/errors';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAs, randomIp, randomMobile, randomUsername, solveHumanCheck } from '../../../test/members.ts';
import { backOfficeTeam, createOperator, operatorCall, operatorLogin } from '../../../test/operators.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { createMember, latestEmail, latestSmsCode } from '../../harness.ts';
import { PLATFORM_DEAD_LETTERS } from '../../modules.ts';
import { claimDue } from './delivery.repository.ts';
import { DEFAULT_DELIVERY, type DeliverySettings, deliverDue, retryDelaySeconds } from './delivery.ts';
import { SmtpEmailTransport } from './email.ts';
import { HttpSmsTransport } from './http-sms.ts';

/**
 * Delivery behind the outboxes against real local servers: an SMTP server (smtp-server) that
 * receives the mails, and an SMS gateway (node:http) that, like the real ones, sends a message once
 * per Idempotency-Key. The app writes pending rows (providers configured); the test runs the
 * worker's passes itself, with its own clock.
 */

type Mail = { user: string | undefined; from: string; to: string[]; raw: string };
type GatewayCall = {
  key: string;
  auth: string | undefined;
  body: { to: string; text: string; brandId: string };
};

const USER = 'lotus';
const PASS = 'smtp-secret';
const FROM = 'noreply@lotus.example';
const REFUSED_DOMAIN = 'refused.example';

const mails: Mail[] = [];
let smtp: SMTPServer;
let smtpPort = 0;

/** Every POST the gateway received, and the messages it sent (once per key). */
const gatewayCalls: GatewayCall[] = [];
const gatewaySent = new Map<string, GatewayCall>();
/** What the gateway does with the next calls, in order; then it answers 200. */
let gatewayScript: Array<{ status: number } | { delayMs: number }> = [];
let gateway: Server;
let gatewayUrl = '';

let email: SmtpEmailTransport;
let sms: HttpSmsTransport;

const SETTINGS: DeliverySettings = {
  ...DEFAULT_DELIVERY,
  maxAttempts: 3,
  retrySeconds: 30,
  leaseSeconds: 120,
};

const ctx = setupTestApp({
  // Only whether a provider is configured matters to the app (rows pending); the worker's transports
  // below are made once the servers listen.
  config: {
    smtp: { url: 'smtp://127.0.0.1:1', from: FROM },
    smsHttp: { url: 'http://127.0.0.1:1/sms', token: 'x' },
  },
});
const { bo } = backOfficeTeam(ctx);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  smtp = new SMTPServer({
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
        mails.push({
          user: typeof session.user === 'string' ? session.user : undefined,
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  email = new SmtpEmailTransport({
    url: `smtp://${USER}:${PASS}@127.0.0.1:${smtpPort}`,
    from: `Lotus <${FROM}>`,
    timeoutMs: 2_000,
  });

  gateway = createServer(async (request, response) => {
    const key = String(request.headers['idempotency-key'] ?? '');
    const call: GatewayCall = {
      key,
      auth: request.headers.authorization,
      body: JSON.parse(await readBody(request)),
    };
    gatewayCalls.push(call);
    const step = gatewayScript.shift();
    if (step && 'status' in step) {
      response.statusCode = step.status;
      response.end('{"error":"unavailable"}');
      return;
    }
    // Accepted: sent once per key, whatever happens to the answer.
    if (!gatewaySent.has(key)) gatewaySent.set(key, call);
    if (step && 'delayMs' in step) await new Promise((resolve) => setTimeout(resolve, step.delayMs));
    if (!response.destroyed) response.end('{"status":"queued"}');
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
  sms = new HttpSmsTransport({ url: gatewayUrl, token: 'gw-token', timeoutMs: 300 });
});

afterAll(async () => {
  email?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  gateway.closeAllConnections();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

beforeEach(() => {
  gatewayScript = [];
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

/** A moment far enough ahead that every row queued so far is due (the clock of the worker's passes). */
function later(seconds: number, from = new Date()): Date {
  return new Date(from.getTime() + seconds * 1000);
}

async function emailRow(to: string) {
  return ctx.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

async function smsRow(phone: string) {
  return ctx.db
    .selectFrom('sms_outbox')
    .selectAll()
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

async function demoBrandId(): Promise<string> {
  const brand = await ctx.db
    .selectFrom('brands')
    .select('id')
    .where('merchant_code', '=', 'DEMO')
    .executeTakeFirstOrThrow();
  return brand.id;
}

/** Queues an SMS as the platform does (a registration code), answers the number. */
async function queueRegistrationSms(): Promise<string> {
  const mobile = randomMobile();
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/wps/verification/sms/register',
    remoteAddress: randomIp(),
    headers: headers(),
    payload: {
      mobileNum: mobile.mobileNum,
      countryDialingCode: mobile.countryDialingCode,
      humanCheck: await solveHumanCheck(ctx),
    },
  });
  expect(res.body.success).toBe(true);
  return mobile.e164;
}

/** Drains what is due now for the other rows of earlier tests, so each test sees only its own. */
async function drain(channel: 'sms' | 'email', now: Date) {
  return deliverDue(ctx.db, channel, { sms, email }, now, SETTINGS, PLATFORM_DEAD_LETTERS);
}

describe('e-mail through SMTP', () => {
  it('queues the password-reset mail, and the worker delivers it to a real SMTP server: link, sender, Message-ID', async () => {
    const username = randomUsername('smtp');
    const address = `${username}@example.com`;
    const ip = randomIp();
    await createMember(ctx.db, {
      merchantCode: 'DEMO',
      username,
      password: 'Secret123',
      email: address,
      knownIps: [ip],
    });
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/wps/member/password/email',
      remoteAddress: ip,
      headers: { ...headers(), host: 'localhost:8080' },
      payload: { username, email: address },
    });
    expect(res.body.success).toBe(true);
    const queued = await emailRow(address);
    expect(queued).toMatchObject({ status: 'pending', attempts: 0 });
    expect(mails.filter((m) => m.to.includes(address))).toHaveLength(0);

    const pass = await drain('email', later(1));
    expect(pass.sent).toBeGreaterThanOrEqual(1);
    const mail = mails.find((m) => m.to.includes(address));
    expect(mail?.user).toBe(USER);
    expect(mail?.from).toBe(FROM);
    const parsed = parse(mail?.raw ?? '');
    expect(parsed.header('From')).toBe(`Lotus <${FROM}>`);
    expect(parsed.header('Subject')).toMatch(/: reset your password$/);
    expect(parsed.header('Message-ID')).toBe(`<${queued.delivery_key}@lotus.example>`);
    const sent = await emailRow(address);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null, next_attempt_at: null });
    expect(sent.sent_at).toBeInstanceOf(Date);

    // The link that arrived by SMTP works.
    const link = /http:\/\/localhost:8080\/resetPassword\?token=[A-Za-z0-9_-]+/.exec(parsed.text)?.[0];
    const token = new URL(link ?? 'http://x/').searchParams.get('token') ?? '';
    const reset = await call(ctx.app, {
      method: 'POST',
      url: '/wps/member/password/reset',
      headers: headers(),
      payload: { token, newPassword: 'Mailed1234', confirmNewPassword: 'Mailed1234' },
    });
    expect(reset.body.success).toBe(true);
    expect((await loginAs(ctx, username, 'Mailed1234', { ip })).body.success).toBe(true);

    // A sent row is never sent again, however late the next pass.
    const before = mails.length;
    await drain('email', later(3_600));
    expect(mails).toHaveLength(before);
  });

  it('a recipient the server refuses (550) is a dead letter at once, shown with its error in the back office', async () => {
    const brandId = await demoBrandId();
    const to = `nobody${Date.now()}@${REFUSED_DOMAIN}`;
    await ctx.db
      .insertInto('email_outbox')
      .values({
        brand_id: brandId,
        to_address: to,
        subject: 's',
        body: 'b',
        status: 'pending',
        next_attempt_at: new Date(),
      })
      .execute();
    const pass = await drain('email', later(1));
    expect(pass.dead).toBeGreaterThanOrEqual(1);
    const row = await emailRow(to);
    expect(row).toMatchObject({ status: 'dead', attempts: 1, next_attempt_at: null });
    expect(row.last_error).toMatch(/^SMTP 550/);
    expect(mails.some((m) => m.to.includes(to))).toBe(false);

    const dead = await bo<{
      items: { to: string; status: string; lastError: string | null; attempts: number }[];
    }>('cs', 'GET', '/bo/v1/outbox/email?status=dead&pageSize=100');
    const shown = dead.body.value.items.find((i) => i.to === to);
    expect(shown).toMatchObject({ status: 'dead', attempts: 1 });
    expect(shown?.lastError).toMatch(/550/);
    expect(dead.body.value.items.every((i) => i.status === 'dead')).toBe(true);
  });

  it('a reset link whose e-mail ends dead-lettered is withdrawn: refused with reset_link_withdrawn, the password unchanged', async () => {
    const ask = async (address: string) => {
      const username = randomUsername('wd');
      const ip = randomIp();
      await createMember(ctx.db, {
        merchantCode: 'DEMO',
        username,
        password: 'Secret123',
        email: address,
        knownIps: [ip],
      });
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/wps/member/password/email',
        remoteAddress: ip,
        headers: { ...headers(), host: 'localhost:8080' },
        payload: { username, email: address },
      });
      expect(res.body.success).toBe(true);
      const link = (await latestEmail(ctx.db, address))?.link ?? '';
      return { username, ip, token: new URL(link).searchParams.get('token') ?? '' };
    };
    const reset = (token: string, language = 'EN') =>
      call(ctx.app, {
        method: 'POST',
        url: '/wps/member/password/reset',
        headers: headers('DEMO', language),
        payload: { token, newPassword: 'Taken1234', confirmNewPassword: 'Taken1234' },
      });
    await drain('email', later(7_200));
    const refused = await ask(`wd${Date.now()}@${REFUSED_DOMAIN}`);
    const delivered = await ask(`ok${Date.now()}@example.com`);
    const pass = await drain('email', later(1));
    expect(pass).toMatchObject({ sent: 1, dead: 1 });
    expect(await reset(refused.token, 'MS')).toMatchObject({
      body: { errorCode: 'reset_link_withdrawn', message: errorMessage('reset_link_withdrawn', 'MS') },
    });
    expect((await loginAs(ctx, refused.username, 'Secret123', { ip: refused.ip })).body.success).toBe(true);
    expect((await reset(delivered.token)).body.success).toBe(true);
    // A forged token is the plain invalid link (nothing to learn about withdrawn ones).
    expect((await reset(`${refused.token.slice(0, -2)}xx`)).body.errorCode).toBe('reset_link_invalid');

    // Through a server that is down: retried with the link still valid, withdrawn when the last attempt fails.
    const address = `down${Date.now()}@example.com`;
    const unlucky = await ask(address);
    const revokedAt = async () =>
      (
        await ctx.db
          .selectFrom('password_reset_tokens')
          .innerJoin('email_outbox', 'email_outbox.id', 'password_reset_tokens.email_outbox_id')
          .select('password_reset_tokens.revoked_at')
          .where('email_outbox.to_address', '=', address)
          .executeTakeFirstOrThrow()
      ).revoked_at;
    const down = new SmtpEmailTransport({ url: 'smtp://127.0.0.1:1', from: FROM, timeoutMs: 1_000 });
    try {
      let clock = later(1);
      for (const [attempt, status] of [
        [1, 'pending'],
        [2, 'pending'],
        [3, 'dead'],
      ] as const) {
        await deliverDue(ctx.db, 'email', { email: down }, clock, SETTINGS, PLATFORM_DEAD_LETTERS);
        expect(await emailRow(address)).toMatchObject({ status, attempts: attempt });
        if (status === 'pending') expect(await revokedAt()).toBeNull();
        clock = later(retryDelaySeconds(attempt, SETTINGS) + 1, clock);
      }
      expect(await revokedAt()).toBeInstanceOf(Date);
      expect((await reset(unlucky.token)).body.errorCode).toBe('reset_link_withdrawn');
    } finally {
      down.close();
    }
  });

  it('wrong SMTP credentials are permanent (535), a server that is down is retried with backoff, then dead', async () => {
    const brandId = await demoBrandId();
    const wrong = new SmtpEmailTransport({ url: `smtp://${USER}:wrong@127.0.0.1:${smtpPort}`, from: FROM });
    const down = new SmtpEmailTransport({ url: 'smtp://127.0.0.1:1', from: FROM, timeoutMs: 1_000 });
    try {
      await expect(
        wrong.send({ brandId, to: 'a@example.com', subject: 's', body: 'b', key: 'k' }),
      ).rejects.toMatchObject({
        permanent: true,
      });

      const to = `down${Date.now()}@example.com`;
      const start = later(10);
      await drain('email', start);
      await ctx.db
        .insertInto('email_outbox')
        .values({
          brand_id: brandId,
          to_address: to,
          subject: 's',
          body: 'b',
          status: 'pending',
          next_attempt_at: start,
        })
        .execute();
      const transports = { email: down };
      let now = start;
      for (let attempt = 1; attempt <= SETTINGS.maxAttempts; attempt += 1) {
        const pass = await deliverDue(ctx.db, 'email', transports, now, SETTINGS);
        const row = await emailRow(to);
        expect(row.attempts).toBe(attempt);
        if (attempt < SETTINGS.maxAttempts) {
          expect(pass.retried).toBe(1);
          expect(row.status).toBe('pending');
          const wait = retryDelaySeconds(attempt, SETTINGS);
          expect(wait).toBe(30 * 2 ** (attempt - 1));
          expect(row.next_attempt_at?.getTime()).toBe(now.getTime() + wait * 1000);
          // Not due before its time: a pass a second early takes nothing.
          const early = await deliverDue(ctx.db, 'email', transports, later(wait - 1, now), SETTINGS);
          expect(early).toEqual({ sent: 0, retried: 0, dead: 0 });
          now = later(wait, now);
        } else {
          expect(pass.dead).toBe(1);
          expect(row.status).toBe('dead');
          expect(row.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION|connect/i);
        }
      }
      // A dead letter is not taken again by the worker.
      expect(await deliverDue(ctx.db, 'email', transports, later(86_400, now), SETTINGS)).toEqual({
        sent: 0,
        retried: 0,
        dead: 0,
      });
    } finally {
      wrong.close();
      down.close();
    }
  });
});

describe('SMS through the HTTP gateway', () => {
  it('queues the registration code; the worker posts it with the key; the code that arrived registers', async () => {
    const phone = await queueRegistrationSms();
    const queued = await smsRow(phone);
    expect(queued).toMatchObject({ status: 'pending', attempts: 0 });
    await drain('sms', later(1));
    const arrived = gatewaySent.get(queued.delivery_key);
    expect(arrived?.auth).toBe('Bearer gw-token');
    expect(arrived?.body.to).toBe(phone);
    const code = /\b(\d{6})\b/.exec(arrived?.body.text ?? '')?.[1];
    expect(code).toBe(await latestSmsCode(ctx.db, phone));
    expect(await smsRow(phone)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a 5xx is retried with the same idempotency key and delivered on the next attempt', async () => {
    const start = later(20);
    await drain('sms', start);
    const phone = await queueRegistrationSms();
    const key = (await smsRow(phone)).delivery_key;
    gatewayScript = [{ status: 503 }];
    const first = await drain('sms', start);
    expect(first.retried).toBe(1);
    const failed = await smsRow(phone);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMS gateway answered 503' });
    expect(gatewaySent.has(key)).toBe(false);
    const second = await drain('sms', later(SETTINGS.retrySeconds, start));
    expect(second.sent).toBe(1);
    expect(gatewayCalls.filter((c) => c.key === key)).toHaveLength(2);
    expect(gatewaySent.get(key)?.body.to).toBe(phone);
    expect(await smsRow(phone)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('a slow gateway (answer lost) is retried with the same key: the phone receives the SMS once', async () => {
    const start = later(40);
    await drain('sms', start);
    const phone = await queueRegistrationSms();
    const key = (await smsRow(phone)).delivery_key;
    gatewayScript = [{ delayMs: 1_000 }];
    const first = await drain('sms', start);
    expect(first.retried).toBe(1);
    expect((await smsRow(phone)).last_error).toBe('SMS gateway: no answer within 300 ms');
    await drain('sms', later(SETTINGS.retrySeconds, start));
    expect(await smsRow(phone)).toMatchObject({ status: 'sent', attempts: 2 });
    // Two posts, one SMS: the key was the same, so the gateway sent it once.
    expect(gatewayCalls.filter((c) => c.key === key)).toHaveLength(2);
    expect([...gatewaySent.values()].filter((c) => c.body.to === phone)).toHaveLength(1);
  });

  it('a worker that crashed after claiming: nothing is sent until its lease ends, then once, with the same key', async () => {
    const start = later(60);
    await drain('sms', start);
    const phone = await queueRegistrationSms();
    // The crashed worker: it claimed the row (and may have posted it) and never recorded anything.
    const [claimed] = await claimDue(ctx.db, 'sms', start, SETTINGS);
    expect(claimed?.recipient).toBe(phone);
    await sms.send({
      brandId: claimed?.brand_id ?? '',
      phone,
      body: claimed?.body ?? '',
      key: claimed?.delivery_key ?? '',
    });
    // Another worker during the lease takes nothing.
    expect(await drain('sms', later(SETTINGS.leaseSeconds - 1, start))).toEqual({
      sent: 0,
      retried: 0,
      dead: 0,
    });
    // After it, the row is taken again: same key, second attempt, and the gateway sends it once.
    const after = await drain('sms', later(SETTINGS.leaseSeconds, start));
    expect(after.sent).toBe(1);
    expect(await smsRow(phone)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(gatewayCalls.filter((c) => c.key === claimed?.delivery_key)).toHaveLength(2);
    expect([...gatewaySent.values()].filter((c) => c.body.to === phone)).toHaveLength(1);
  });

  it('two workers at once send each row once', async () => {
    const start = later(80);
    await drain('sms', start);
    const phones = [await queueRegistrationSms(), await queueRegistrationSms(), await queueRegistrationSms()];
    const calls = gatewayCalls.length;
    const [a, b] = await Promise.all([drain('sms', start), drain('sms', start)]);
    expect(a.sent + b.sent).toBe(3);
    expect(gatewayCalls.length - calls).toBe(3);
    for (const phone of phones) expect(await smsRow(phone)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('dead after the last attempt; customer service sends it again (audited), another brand cannot', async () => {
    const start = later(100);
    await drain('sms', start);
    const phone = await queueRegistrationSms();
    gatewayScript = Array.from({ length: SETTINGS.maxAttempts }, () => ({ status: 500 }));
    let now = start;
    for (let attempt = 1; attempt <= SETTINGS.maxAttempts; attempt += 1) {
      await drain('sms', now);
      now = later(retryDelaySeconds(attempt, SETTINGS), now);
    }
    const dead = await smsRow(phone);
    expect(dead).toMatchObject({
      status: 'dead',
      attempts: SETTINGS.maxAttempts,
      last_error: 'SMS gateway answered 500',
    });

    const page = await bo<SmsOutboxPage>('cs', 'GET', '/bo/v1/outbox/sms?status=dead&pageSize=100');
    const shown = page.body.value.items.find((i) => i.id === dead.id);
    expect(shown).toMatchObject({ status: 'dead', attempts: SETTINGS.maxAttempts });
    // The masked list never shows the code.
    expect(shown?.body).not.toMatch(/\d{6}/);

    // Forbidden to a role without the outboxes, refused for a row that is not dead or not the brand's.
    expect((await bo('readonly', 'POST', `/bo/v1/outbox/sms/${dead.id}/retry`)).body.errorCode).toBe(
      'operator_forbidden',
    );
    const sent = await ctx.db
      .selectFrom('sms_outbox')
      .select('id')
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow();
    expect((await bo('cs', 'POST', `/bo/v1/outbox/sms/${sent.id}/retry`)).body.errorCode).toBe(
      'outbox_message_not_dead',
    );
    expect((await bo('cs', 'POST', '/bo/v1/outbox/sms/99999999999/retry')).body.errorCode).toBe(
      'outbox_message_not_dead',
    );
    expect((await bo('cs', 'POST', '/bo/v1/outbox/fax/1/retry')).status).toBe(400);

    // Another brand's customer service cannot touch this brand's dead letter.
    const other = await createBrand(ctx.db);
    await createOperator(ctx.db, {
      merchantCode: other.merchantCode,
      username: 'othercs',
      password: 'Secret123',
      role: 'cs',
    });
    const otherToken = await operatorLogin(ctx, {
      merchantCode: other.merchantCode,
      username: 'othercs',
      password: 'Secret123',
    });
    const foreign = await operatorCall(ctx, otherToken, {
      method: 'POST',
      url: `/bo/v1/outbox/sms/${dead.id}/retry`,
      merchant: other.merchantCode,
    });
    expect(foreign.body.errorCode).toBe('outbox_message_not_dead');
    expect(await smsRow(phone)).toMatchObject({ status: 'dead' });

    const retry = await bo('cs', 'POST', `/bo/v1/outbox/sms/${dead.id}/retry`);
    expect(retry.body.success).toBe(true);
    expect(await smsRow(phone)).toMatchObject({ status: 'pending', attempts: 0 });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'outbox.retry')
      .where('target_id', '=', dead.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect((await bo('cs', 'POST', `/bo/v1/outbox/sms/${dead.id}/retry`)).body.errorCode).toBe(
      'outbox_message_not_dead',
    );
    expect(
      await ctx.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'outbox.retry')
        .where('target_id', '=', dead.id)
        .execute(),
    ).toHaveLength(1);

    await drain('sms', later(1, now));
    expect(await smsRow(phone)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
