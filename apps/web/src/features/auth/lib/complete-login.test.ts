import { type LoginResult, MEMBER_TYPE } from '@lotus/contracts/accounts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { closeModal, currentModal, openModal } from '../../../lib/modals.ts';
import { getSession } from '../../../lib/session.ts';
import { stubApi } from '../../../testing/render.tsx';
import { completeLogin } from './complete-login.ts';

const result = (extra: Partial<LoginResult> = {}): LoginResult => ({
  token: 'tok',
  id: '1',
  userName: 'player01',
  customerType: 'MEMBER',
  isAgent: MEMBER_TYPE,
  firstTimeLogin: false,
  passwordExpired: false,
  mustChangePassword: false,
  language: '',
  ...extra,
});

describe('completeLogin', () => {
  it('saves the session and closes the login modal', async () => {
    vi.stubGlobal('fetch', stubApi({}).fetchMock);
    openModal({ name: 'login' });
    await completeLogin(result(), new QueryClient(), 'username');
    expect(getSession()).toMatchObject({ token: 'tok', isAgent: MEMBER_TYPE, account: 'player01' });
    expect(currentModal()).toBeNull();
  });

  it('makes the first-login call on a first login', async () => {
    const api = stubApi({ '/wps/member/firstLogin': { firstTimeLogin: true } });
    vi.stubGlobal('fetch', api.fetchMock);
    await completeLogin(result({ firstTimeLogin: true }), new QueryClient(), 'username');
    expect(api.calls.map((call) => call.url)).toContain('/wps/member/firstLogin');
    expect(getSession().firstLogin).toBe(true);
  });

  it('opens the forced change-password modal for a default password, not after an SMS login', async () => {
    vi.stubGlobal('fetch', stubApi({}).fetchMock);
    await completeLogin(result({ mustChangePassword: true }), new QueryClient(), 'username', 'Default123');
    expect(currentModal()).toEqual({ name: 'changePass', forced: true, knownPassword: 'Default123' });
    closeModal();
    await completeLogin(result({ passwordExpired: true }), new QueryClient(), 'sms');
    expect(currentModal()).toBeNull();
  });
});

describe('forced change across a reload', () => {
  it('keeps the cpw flag until a normal login completes', async () => {
    vi.stubGlobal('fetch', stubApi({}).fetchMock);
    await completeLogin(result({ mustChangePassword: true }), new QueryClient(), 'username', 'x');
    expect(window.sessionStorage.getItem('cpw')).toBe('1');
    await completeLogin(result(), new QueryClient(), 'change');
    expect(window.sessionStorage.getItem('cpw')).toBeNull();
  });
});
