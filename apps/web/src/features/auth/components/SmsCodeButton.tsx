import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/ui/AlertDialog.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { solveHumanCheck } from '../../../lib/human-check.ts';
import { createGate } from '../../../lib/throttle.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { type SmsPurpose, sendSms } from '../api/send-sms.ts';

/**
 * The SMS button (spec §4): validates the number first (`target` answers null after showing the
 * field error), runs the human check, sends, then stays disabled for expiredMinutes x 60 s with a
 * countdown. Clicks closer than 1 s are ignored. A refused send opens a warning dialog with the
 * server's message.
 */
export function SmsCodeButton({
  purpose,
  target,
  send = sendSms,
  solve = solveHumanCheck,
}: {
  purpose: SmsPurpose;
  target: () => { mobileNum: string; countryDialingCode: string } | null;
  send?: typeof sendSms;
  solve?: typeof solveHumanCheck;
}) {
  const { t } = useTranslation();
  const { remaining, start } = useCountdown();
  const [busy, setBusy] = useState<'check' | 'send' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const gate = useRef(createGate(1000));

  const click = async () => {
    if (busy || remaining > 0 || !gate.current()) return;
    const mobile = target();
    if (!mobile) return;
    try {
      setBusy('check');
      const humanCheck = await solve();
      setBusy('send');
      const { expiredMinutes } = await send(purpose, { ...mobile, humanCheck });
      start(Math.max(1, expiredMinutes) * 60);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const label =
    remaining > 0
      ? t('auth.smsResendIn', { seconds: remaining })
      : busy === 'check'
        ? t('auth.humanCheckRunning')
        : busy === 'send'
          ? t('auth.smsSending')
          : t('auth.smsSend');

  return (
    <>
      <button
        type="button"
        className="button button--accent sms-button"
        onClick={click}
        disabled={remaining > 0 || busy !== null}
        data-testid="sms-send"
        aria-live="polite"
      >
        {label}
      </button>
      <AlertDialog
        open={failure !== null}
        onOpenChange={(open) => {
          if (!open) setFailure(null);
        }}
        title={t('auth.smsFailedTitle')}
        testId="sms-failure"
      >
        {failure}
      </AlertDialog>
    </>
  );
}
