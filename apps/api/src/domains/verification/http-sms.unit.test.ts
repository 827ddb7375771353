import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSmsProvider } from './http-sms.ts';

type Received = { auth: string | undefined; body: unknown };

let server: Server;
let url = '';
const received: Received[] = [];
let answerStatus = 200;

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
    received.push({ auth: request.headers.authorization, body: JSON.parse(await readBody(request)) });
    response.statusCode = answerStatus;
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('HTTP SMS gateway adapter', () => {
  it('posts the message as JSON with the bearer token', async () => {
    answerStatus = 200;
    const provider = new HttpSmsProvider({ url, token: 'gw-token' });
    await provider.send({ brandId: 'b1', phone: '+60123456789', body: 'Your code is 123456' });
    expect(received.at(-1)).toEqual({
      auth: 'Bearer gw-token',
      body: { brandId: 'b1', to: '+60123456789', text: 'Your code is 123456' },
    });
  });

  it('fails when the gateway refuses', async () => {
    answerStatus = 502;
    const provider = new HttpSmsProvider({ url, token: 'gw-token' });
    await expect(provider.send({ brandId: 'b1', phone: '+601', body: 'x' })).rejects.toThrow('502');
  });
});
