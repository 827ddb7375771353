// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testResources } from '../testing/texts.ts';
import { LobbyButton } from './LobbyButton.tsx';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'EN', fallbackLng: 'EN', resources: testResources() });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const show = (primary?: boolean) =>
  render(
    <I18nextProvider i18n={i18n}>
      <LobbyButton primary={primary} />
    </I18nextProvider>,
  );

describe('LobbyButton: the one way back of every house game', () => {
  it('says "Back to the lobby" in every language, in play and on a fatal error alike', async () => {
    show();
    show(true);
    const buttons = screen.getAllByRole('button', { name: /Back to the lobby/ });
    expect(buttons.map((b) => b.textContent)).toEqual(['‹ Back to the lobby', '‹ Back to the lobby']);
    for (const language of ['MS', 'CN']) {
      const game = testResources()[language]?.translation.game as Record<string, string> | undefined;
      const text = game?.lobby;
      expect(text && text !== 'Back to the lobby', language).toBeTruthy();
    }
  });

  it('asks the platform frame for the lobby when framed', () => {
    const post = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage: post } as unknown as Window);
    show();
    fireEvent.click(screen.getByTestId('lobby-button'));
    expect(post).toHaveBeenCalledWith({ source: 'lotus-game', type: 'lobby' }, '*');
  });

  it('goes back in the tab when the page is open on its own', () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    show();
    fireEvent.click(screen.getByTestId('lobby-button'));
    expect(back).toHaveBeenCalledOnce();
  });
});
