import { PLATFORM_MESSAGE_SOURCE, type PlatformMessage } from '@lotus/contracts/game-launch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/ui/AlertDialog.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { reportSessionEnded } from '../../../lib/session.ts';
import { useAcknowledge, useProtectionStatus } from '../api/protection.ts';

function duration(seconds: number): { hours: number; minutes: number } {
  return { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60) };
}

/**
 * On every page of a logged-in member (the game frame and the lottery page included): the reality
 * check, shown over the page when due (elapsed time and net result since login) so nothing can be
 * played until it is acknowledged, and the session limit, which logs the member out when it ends
 * (the server ends the session and the vendors' sockets too).
 */
export function ProtectionWatch() {
  const { t } = useTranslation();
  const status = useProtectionStatus(true);
  const ack = useAcknowledge();
  const endsAt = status.data?.sessionEndsAt ?? null;

  useEffect(() => {
    if (!endsAt) return;
    const wait = Math.max(0, Date.parse(endsAt) - Date.now());
    const timer = setTimeout(() => {
      void apiRequest<boolean>('/wps/session/logout', { method: 'POST' })
        .catch(() => undefined)
        .finally(() => reportSessionEnded('user.or.token.invalid'));
    }, wait);
    return () => clearTimeout(timer);
  }, [endsAt]);

  const check = status.data?.realityCheck;
  const due = check?.due === true;
  // The game in the site's frame stops at its next round boundary while the check is on screen
  // (the house vendor's slot autoplay waits; game-launch.ts, PlatformMessage).
  useEffect(() => {
    const message: PlatformMessage = { source: PLATFORM_MESSAGE_SOURCE, type: due ? 'pause' : 'resume' };
    for (const frame of document.querySelectorAll<HTMLIFrameElement>('iframe[data-testid="game-iframe"]'))
      frame.contentWindow?.postMessage(message, '*');
  }, [due]);

  if (!check?.due) return null;
  const { hours, minutes } = duration(check.elapsedSeconds);
  return (
    <AlertDialog
      open
      onOpenChange={(open) => {
        if (!open) ack.mutate();
      }}
      title={t('protection.reality.title')}
      confirmLabel={t('protection.reality.continue')}
      onConfirm={() => ack.mutate()}
      testId="reality-check"
      confirmTestId="reality-check-ack"
    >
      <p>{t('protection.reality.elapsed', { hours, minutes })}</p>
      <p>{t('protection.reality.net', { net: check.net, currency: check.currency })}</p>
      <p>{t('protection.reality.pause')}</p>
    </AlertDialog>
  );
}
