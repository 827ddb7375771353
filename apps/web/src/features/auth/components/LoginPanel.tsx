import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthEnvironment } from '../types/environment.ts';
import { LoginForm } from './LoginForm.tsx';
import { SmsLoginForm } from './SmsLoginForm.tsx';

/** The full login box of /login and the login modal: username tab, and SMS tab when enabled. */
export function LoginPanel({
  env,
  initialTab = 'username',
  captcha = false,
  notice,
}: {
  env: AuthEnvironment;
  initialTab?: 'username' | 'sms';
  captcha?: boolean;
  notice?: string;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'username' | 'sms'>(env.smsLogin ? initialTab : 'username');
  const username = <LoginForm features={env} captchaInitially={captcha} notice={notice} />;
  if (!env.smsLogin) return username;
  return (
    <Tabs.Root value={mode} onValueChange={(value) => setMode(value === 'sms' ? 'sms' : 'username')}>
      <Tabs.List className="tabs" aria-label={t('auth.loginMethod')}>
        <Tabs.Trigger className="tabs__trigger" value="username">
          {t('auth.byUsername')}
        </Tabs.Trigger>
        <Tabs.Trigger className="tabs__trigger" value="sms">
          {t('auth.bySms')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="username" className="tabs__panel">
        {mode === 'username' ? username : null}
      </Tabs.Content>
      <Tabs.Content value="sms" className="tabs__panel">
        {mode === 'sms' ? (
          <SmsLoginForm countryCodes={env.countryCodes} defaultCountry={env.defaultCountry} />
        ) : null}
      </Tabs.Content>
    </Tabs.Root>
  );
}
