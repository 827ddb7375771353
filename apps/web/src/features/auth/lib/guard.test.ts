import { describe, expect, it } from 'vitest';
import { guardRedirect } from './guard.ts';

describe('loginedToHomePage guard', () => {
  it('lets everyone through when the flag is off', () => {
    expect(guardRedirect('/index', false, false)).toBeNull();
    expect(guardRedirect('/vip', false, false)).toBeNull();
  });

  it('sends a visitor without token to /login for every other page', () => {
    for (const path of ['/', '/index', '/vip', '/help', '/promotions', '/lottery', '/game'])
      expect(guardRedirect(path, false, true)).toBe('/login');
  });

  it('keeps the public pages open to visitors', () => {
    for (const path of ['/login', '/register', '/register.html', '/helpmc', '/download', '/down', '/helpmc/'])
      expect(guardRedirect(path, false, true)).toBeNull();
  });

  it('keeps the way back from Google or Facebook open, and nothing that only looks like it', () => {
    expect(guardRedirect('/oauth/callback/google', false, true)).toBeNull();
    expect(guardRedirect('/oauth/callback/facebook/', false, true)).toBeNull();
    for (const path of [
      '/oauth/callback',
      '/oauth/callback/google/vip',
      '/oauth/callback/../vip',
      '/x/oauth/callback/google',
    ])
      expect(guardRedirect(path, false, true)).toBe('/login');
  });

  it('lets a member with a token go anywhere', () => {
    expect(guardRedirect('/vip', true, true)).toBeNull();
  });
});
