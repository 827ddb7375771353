import { AGENT_KINDS, AGENT_TYPES, MEMBER_TYPE, TRIAL_TYPE } from '@lotus/contracts/accounts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TrialWarning } from '../features/auth/components/TrialWarning.tsx';
import { renderApp } from '../testing/render.tsx';
import { apiRequest } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { allowMemberAction } from './member-action.ts';
import { closeModal, currentModal } from './modals.ts';
import { canOpenAgentCentre, getSession, isTrial, onSessionEnded, startSession } from './session.ts';

describe('session ended by the server', () => {
  it('on 401 login.not.session clears the session and tells the app', async () => {
    window.sessionStorage.setItem('merchant', 'DEMO');
    startSession({ token: 'old', isAgent: MEMBER_TYPE, account: 'demoplayer' });
    const ended = vi.fn();
    const off = onSessionEnded(ended);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              success: false,
              value: null,
              message: 'Logged in elsewhere',
              errorCode: 'login.not.session',
            }),
            { status: 401 },
          ),
      ),
    );
    await expect(apiRequest('/wps/member/info')).rejects.toBeInstanceOf(ApiError);
    off();
    expect(ended).toHaveBeenCalledWith('login.not.session');
    expect(getSession().token).toBeNull();
    expect({ ...window.sessionStorage }).toEqual({ merchant: 'DEMO' });
  });

  it('leaves the session alone on other 401 answers of a visitor call', async () => {
    startSession({ token: 'tok', isAgent: MEMBER_TYPE, account: 'demoplayer' });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              success: false,
              value: null,
              message: '',
              errorCode: 'wrong_account_or_password',
            }),
            {
              status: 200,
            },
          ),
      ),
    );
    await expect(apiRequest('/wps/session/login')).rejects.toBeInstanceOf(ApiError);
    expect(getSession().token).toBe('tok');
  });
});

describe('protected actions', () => {
  it('opens the login popup for a visitor', () => {
    closeModal();
    expect(allowMemberAction()).toBe(false);
    expect(currentModal()?.name).toBe('login');
  });

  it('opens the trial warning for a trial account (isAgent 4) and lets a member through', () => {
    closeModal();
    startSession({ token: 'tok', isAgent: TRIAL_TYPE, account: 'demo123' });
    expect(allowMemberAction()).toBe(false);
    expect(currentModal()?.name).toBe('trialWarning');
    closeModal();
    startSession({ token: 'tok', isAgent: MEMBER_TYPE, account: 'member' });
    expect(allowMemberAction()).toBe(true);
    expect(currentModal()).toBeNull();
  });

  it('the trial warning says a real account is needed and closes by its button', () => {
    renderApp(<TrialWarning />);
    expect(screen.getByTestId('trial-warning').textContent).toContain('Please register a real account');
    screen.getByTestId('trial-warning-confirm').click();
  });
});

describe('account kinds', () => {
  it('opens the agent centre for the agent kinds only and marks only trial accounts as trial', () => {
    for (const isAgent of Object.values(AGENT_TYPES)) {
      startSession({ token: 'tok', isAgent, account: 'someone' });
      expect(canOpenAgentCentre(getSession())).toBe(AGENT_KINDS.includes(isAgent));
      expect(isTrial(getSession())).toBe(isAgent === TRIAL_TYPE);
    }
    expect(AGENT_KINDS).not.toContain(TRIAL_TYPE);
    expect(AGENT_KINDS).not.toContain(MEMBER_TYPE);
  });
});

describe('trial accounts refused by the server', () => {
  it('opens the trial warning when a call answers trial_account_restricted', async () => {
    closeModal();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              success: false,
              value: null,
              message: '',
              errorCode: 'trial_account_restricted',
            }),
            { status: 200 },
          ),
      ),
    );
    await expect(apiRequest('/wps/relay/MCSFE_getPlayerAvatar')).rejects.toBeInstanceOf(ApiError);
    expect(currentModal()?.name).toBe('trialWarning');
  });
});
