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

  it('lets a member with a token go anywhere', () => {
    expect(guardRedirect('/vip', true, true)).toBeNull();
  });
});
