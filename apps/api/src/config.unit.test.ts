import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, demoBrandWarning, loadConfig, parseRoles, REPO_ROOT, rolesArgument } from './config.ts';
import { SmtpEmailTransport } from './domains/verification/email.ts';
import { HttpSmsTransport } from './domains/verification/http-sms.ts';
import { deliveryTransports } from './server.ts';

describe('configuration from the environment', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      databasePoolSize: 10,
      redisUrl: null,
      sessionIdleMinutes: 120,
      operatorSessionIdleMinutes: 30,
      logLevel: 'info',
      nodeEnv: 'development',
      dataDir: path.join(REPO_ROOT, '.data/pglite'),
      uploadDir: path.join(REPO_ROOT, '.data/uploads'),
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
    });
    expect(config.trustProxy).toEqual(['loopback']);
  });

  it('listens on loopback unless HOST is configured', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('seeds the demo brand by default outside production only; SEED_DEMO_BRAND says otherwise', () => {
    expect(loadConfig({}).seedDemoBrand).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemoBrand).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemoBrand).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO_BRAND: '1' }).seedDemoBrand).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO_BRAND: '0' }).seedDemoBrand).toBe(false);
    expect(() => loadConfig({ SEED_DEMO_BRAND: 'yes' })).toThrow(/SEED_DEMO_BRAND/);
  });

  it('serves the demo\'s "messages sent" only with the demo brand, by default never in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).demoMessages).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demoMessages).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoMessages).toBe(false);
    // The demo brand seeded on purpose in production: its codes stay hidden unless asked for as well.
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO_BRAND: '1' }).demoMessages).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', SEED_DEMO_BRAND: '1', DEMO_MESSAGES: '1' }).demoMessages,
    ).toBe(true);
    // Never without the demo brand, whatever is asked.
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MESSAGES: '1' }).demoMessages).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'development', SEED_DEMO_BRAND: '0', DEMO_MESSAGES: '1' }).demoMessages,
    ).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEMO_MESSAGES: '0' }).demoMessages).toBe(false);
    expect(() => loadConfig({ DEMO_MESSAGES: 'yes' })).toThrow(/DEMO_MESSAGES/);
    expect(
      demoBrandWarning(loadConfig({ NODE_ENV: 'production', SEED_DEMO_BRAND: '1', DEMO_MESSAGES: '1' })),
    ).toMatch(/DEMO_MESSAGES=1: its SMS codes and e-mails are shown in full/);
  });

  it('warns about the demo brand under production only when it is seeded', () => {
    expect(demoBrandWarning(loadConfig({ NODE_ENV: 'production', SEED_DEMO_BRAND: '1' }))).toMatch(
      /SEED_DEMO_BRAND=1 under NODE_ENV=production/,
    );
    expect(demoBrandWarning(loadConfig({ NODE_ENV: 'production' }))).toBeNull();
    expect(demoBrandWarning(loadConfig({ SEED_DEMO_BRAND: '1' }))).toBeNull();
  });

  it('reads and converts every variable', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@h/db',
      DATABASE_POOL_SIZE: '25',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATA_DIR: '/var/lib/lotus',
      UPLOAD_DIR: 'uploads',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
    });
    expect(config).toMatchObject({
      port: 9090,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@h/db',
      databasePoolSize: 25,
      redisUrl: 'redis://127.0.0.1:6379',
      logLevel: 'warn',
      nodeEnv: 'production',
      dataDir: '/var/lib/lotus',
      uploadDir: path.join(REPO_ROOT, 'uploads'),
      trustProxy: ['10.0.0.0/8', '192.168.1.1'],
    });
  });

  it('stops with every bad variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(
      /PORT.*LOG_LEVEL|LOG_LEVEL.*PORT/,
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ OPERATOR_SESSION_IDLE_MINUTES: '0' })).toThrow(/OPERATOR_SESSION_IDLE_MINUTES/);
  });

  it('reads where the house vendor is reached, without a trailing slash, and refuses a non-URL', () => {
    expect(loadConfig({}).houseVendorPublicUrl).toBe('http://localhost:8081');
    expect(
      loadConfig({ HOUSE_VENDOR_PUBLIC_URL: 'https://games.example.com/house/' }).houseVendorPublicUrl,
    ).toBe('https://games.example.com/house');
    for (const bad of ['games.example.com', 'ftp://x', 'https://x/a?b=1', 'https://x y']) {
      expect(() => loadConfig({ HOUSE_VENDOR_PUBLIC_URL: bad }), bad).toThrow(/HOUSE_VENDOR_PUBLIC_URL/);
    }
  });

  it('reads TRUST_PROXY: loopback by default, a list, none', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('runs every role in one process by default and reads ROLES, in a canonical order, each once', () => {
    expect(loadConfig({}).roles).toEqual(['web', 'worker', 'realtime']);
    expect(loadConfig({ ROLES: 'worker' }).roles).toEqual(['worker']);
    expect(loadConfig({ ROLES: ' worker , web,worker' }).roles).toEqual(['web', 'worker']);
    expect(parseRoles('realtime,web')).toEqual(['web', 'realtime']);
  });

  it('refuses an unknown or empty role', () => {
    expect(() => loadConfig({ ROLES: 'web,cron' })).toThrow(ConfigError);
    expect(() => loadConfig({ ROLES: 'web,cron' })).toThrow(/cron/);
    expect(() => parseRoles('')).toThrow(ConfigError);
    expect(() => parseRoles('web,')).toThrow(ConfigError);
    expect(() => parseRoles('WEB')).toThrow(ConfigError);
  });

  it('takes --roles from the command line in both spellings', () => {
    expect(rolesArgument(['--roles=worker'])).toBe('worker');
    expect(rolesArgument(['--port', '1', '--roles', 'web,realtime'])).toBe('web,realtime');
    expect(rolesArgument(['--roles'])).toBe('');
    expect(rolesArgument([])).toBeUndefined();
  });

  it('reads SMTP_URL and SMTP_FROM together, and stops on a bad or half configuration', () => {
    expect(loadConfig({}).smtp).toBeNull();
    expect(
      loadConfig({
        SMTP_URL: 'smtp://user:pass@mail.example:587',
        SMTP_FROM: 'Lotus <noreply@lotus.example>',
      }).smtp,
    ).toEqual({ url: 'smtp://user:pass@mail.example:587', from: 'Lotus <noreply@lotus.example>' });
    expect(
      loadConfig({ SMTP_URL: 'smtps://mail.example:465', SMTP_FROM: 'noreply@lotus.example' }).smtp,
    ).toEqual({ url: 'smtps://mail.example:465', from: 'noreply@lotus.example' });
    const refused: [Record<string, string>, RegExp][] = [
      [{ SMTP_URL: 'smtp://mail.example:587' }, /SMTP_FROM: required/],
      [{ SMTP_FROM: 'noreply@lotus.example' }, /SMTP_URL: required/],
      [{ SMTP_URL: 'mail.example:587', SMTP_FROM: 'noreply@lotus.example' }, /SMTP_URL: the scheme/],
      [{ SMTP_URL: 'not a url', SMTP_FROM: 'noreply@lotus.example' }, /SMTP_URL: not a URL/],
      [{ SMTP_URL: 'http://mail.example', SMTP_FROM: 'noreply@lotus.example' }, /SMTP_URL: the scheme/],
      [{ SMTP_URL: 'smtp://mail.example', SMTP_FROM: 'noreply' }, /SMTP_FROM: not an e-mail address/],
      [{ SMTP_URL: 'smtp://mail.example', SMTP_FROM: 'Lotus <noreply>' }, /SMTP_FROM: not an e-mail/],
    ];
    for (const [env, message] of refused) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
    // The password of the URL is never part of the message.
    expect(() => loadConfig({ SMTP_URL: 'smtp://u:hunter2@mail.example', SMTP_FROM: 'x' })).toThrow(
      /^(?!.*hunter2).*$/,
    );
  });

  it('refuses an SMS gateway that is not an http(s) URL or a template that is not JSON placing the number and text', () => {
    for (const [env, message] of [
      [{ SMS_HTTP_URL: 'ftp://gw.example/sms' }, 'SMS_HTTP_URL: the scheme must be http: or https:'],
      [{ SMS_HTTP_URL: 'not a url' }, 'SMS_HTTP_URL: not a URL'],
      [
        { SMS_HTTP_TEMPLATE: '{"to":"{{to}}","text":"{{text}}"}' },
        'SMS_HTTP_URL: required when SMS_HTTP_TEMPLATE is set',
      ],
      [
        { SMS_HTTP_URL: 'https://gw.example/sms', SMS_HTTP_TEMPLATE: '{"to":{{to}}}' },
        'SMS_HTTP_TEMPLATE: not JSON',
      ],
      [
        { SMS_HTTP_URL: 'https://gw.example/sms', SMS_HTTP_TEMPLATE: '"{{to}} {{text}}"' },
        'not a JSON object or array',
      ],
      [
        { SMS_HTTP_URL: 'https://gw.example/sms', SMS_HTTP_TEMPLATE: '{"to":"{{to}}"}' },
        'must place {{to}} and {{text}}',
      ],
    ] as const) {
      expect(() => loadConfig(env)).toThrow(message);
    }
    const template = '{"msisdn":"{{to}}","message":"{{text}}","ref":"{{key}}"}';
    expect(
      loadConfig({ SMS_HTTP_URL: 'https://gw.example/sms', SMS_HTTP_TOKEN: 't', SMS_HTTP_TEMPLATE: template })
        .smsHttp,
    ).toEqual({
      url: 'https://gw.example/sms',
      token: 't',
      template,
    });
  });

  it('selects the SMTP and HTTP SMS transports when configured, none (the outboxes keep them) otherwise', () => {
    expect(deliveryTransports(loadConfig({}))).toEqual({});
    const configured = deliveryTransports(
      loadConfig({
        SMTP_URL: 'smtp://u:p@127.0.0.1:2525',
        SMTP_FROM: 'noreply@lotus.example',
        SMS_HTTP_URL: 'http://127.0.0.1:9/sms',
        SMS_HTTP_TOKEN: 't',
      }),
    );
    expect(configured.email).toBeInstanceOf(SmtpEmailTransport);
    expect(configured.sms).toBeInstanceOf(HttpSmsTransport);
  });
});
