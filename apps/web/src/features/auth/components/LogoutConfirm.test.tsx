import { MEMBER_TYPE } from '@lotus/contracts/accounts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { getSession, startSession } from '../../../lib/session.ts';
import { performLogout } from './LogoutConfirm.tsx';

describe('performLogout', () => {
  it('calls logout, clears session storage except the merchant, drops member data and goes to /', async () => {
    window.sessionStorage.setItem('merchant', 'DEMO');
    window.sessionStorage.setItem('popupClosed_A', '1');
    startSession({ token: 'tok', isAgent: MEMBER_TYPE, account: 'demoplayer' });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['member', 'info'], { account: 'demoplayer' });
    const navigate = vi.fn();
    const call = vi.fn(async () => true);
    await performLogout(queryClient, navigate, call);
    expect(call).toHaveBeenCalledTimes(1);
    expect({ ...window.sessionStorage }).toEqual({ merchant: 'DEMO' });
    expect(getSession().token).toBeNull();
    expect(queryClient.getQueryData(['member', 'info'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('still ends the local session when the logout call fails', async () => {
    startSession({ token: 'tok', isAgent: MEMBER_TYPE, account: 'demoplayer' });
    await performLogout(new QueryClient(), vi.fn(), async () => {
      throw new Error('offline');
    });
    expect(window.sessionStorage.getItem('token')).toBeNull();
  });
});
