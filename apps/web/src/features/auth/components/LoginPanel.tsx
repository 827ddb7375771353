import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoginFeatures, LoginForm } from './LoginForm.tsx';

/** The full login box of /login and the login modal: username tab, and SMS tab when enabled. */
export function LoginPanel({ features }: { features: LoginFeatures }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'username' | 'sms'>('username');
  if (!features.smsLogin) return <LoginForm features={features} />;
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
        {mode === 'username' ? <LoginForm features={features} mode="username" /> : null}
      </Tabs.Content>
      <Tabs.Content value="sms" className="tabs__panel">
        {mode === 'sms' ? <LoginForm features={features} mode="sms" /> : null}
      </Tabs.Content>
    </Tabs.Root>
  );
}
