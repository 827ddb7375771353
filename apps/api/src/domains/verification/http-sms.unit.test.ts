import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryError } from './delivery.ts';
import { fillTemplate, HttpSmsTransport } from './http-sms.ts';

type Received = { auth: string | undefined; key: string | undefined; body: unknown };

let server: Server;
let url = '';
const received: Received[] = [];
let answerStatus = 200;
let delayMs = 0;

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
  server = createServer(async (request, response) => {
    const key = request.headers['idempotency-key'];
    received.push({
      auth: request.headers.authorization,
      key: typeof key === 'string' ? key : undefined,
      body: JSON.parse(await readBody(request)),
    });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    response.statusCode = answerStatus;
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const message = { brandId: 'b1', phone: '+60123456789', body: 'Your code is 123456', key: 'k-1' };

async function failure(transport: HttpSmsTransport): Promise<DeliveryError> {
  const error = await transport.send(message).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe('HTTP SMS gateway transport', () => {
  it('posts the default JSON body with the bearer token and the idempotency key', async () => {
    answerStatus = 200;
    delayMs = 0;
    await new HttpSmsTransport({ url, token: 'gw-token' }).send(message);
    expect(received.at(-1)).toEqual({
      auth: 'Bearer gw-token',
      key: 'k-1',
      body: { brandId: 'b1', to: '+60123456789', text: 'Your code is 123456' },
    });
  });

  it('fills a configured template value by value: quotes and placeholders in the text stay text', async () => {
    answerStatus = 200;
    const template = '{"message":{"recipients":["{{to}}"],"content":"{{text}}"},"ref":"{{key}}","n":1}';
    const transport = new HttpSmsTransport({ url, token: '', template });
    const hostile = 'He said "hi", {{to}} \\ }';
    await transport.send({ ...message, body: hostile });
    expect(received.at(-1)).toEqual({
      auth: undefined,
      key: 'k-1',
      body: { message: { recipients: ['+60123456789'], content: hostile }, ref: 'k-1', n: 1 },
    });
  });

  it('refuses a template that is not JSON when made', () => {
    expect(() => new HttpSmsTransport({ url, token: '', template: '{"to": {{to}}}' })).toThrow();
    expect(fillTemplate('["{{to}}"]', { to: '+1', text: '', brandId: '', key: '' })).toEqual(['+1']);
  });

  it('a 5xx, 429 or 408 is retried; another 4xx is permanent', async () => {
    delayMs = 0;
    const transport = new HttpSmsTransport({ url, token: 't' });
    for (const [status, permanent] of [
      [502, false],
      [503, false],
      [429, false],
      [408, false],
      [400, true],
      [401, true],
      [404, true],
    ] as const) {
      answerStatus = status;
      const error = await failure(transport);
      expect(error.message).toContain(String(status));
      expect(error.permanent).toBe(permanent);
    }
  });

  it('no answer in time is a retried failure, as is no server at all', async () => {
    answerStatus = 200;
    delayMs = 500;
    const slow = await failure(new HttpSmsTransport({ url, token: 't', timeoutMs: 100 }));
    expect(slow.permanent).toBe(false);
    expect(slow.message).toContain('no answer within 100 ms');
    delayMs = 0;
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = await failure(new HttpSmsTransport({ url: `http://127.0.0.1:${port}/sms`, token: 't' }));
    expect(down.permanent).toBe(false);
    expect(down.message).toContain('no connection');
  });
});
