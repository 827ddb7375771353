import { type ComponentType, lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { externalProvidersOf } from '../../features/auth/api/external-login.ts';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import type { AuthEnvironment } from '../../features/auth/types/environment.ts';
import { useUnreadMessageCount } from '../../features/messages/api/messages.ts';
import { useMissionSummary } from '../../features/missions/api/missions.ts';
import { useCountryCodes } from '../../features/system/api/get-country-codes.ts';
import { withChunkTimeout } from '../../lib/chunk-load.ts';
import { closeModal, type ModalRequest } from '../../lib/modals.ts';
import { useSystemStatus } from '../../lib/system-status.ts';
import { AGENT_CENTRE_PAGE_COMPONENTS } from './agent-centre-pages.ts';
import { MEMBER_CENTRE_PAGE_COMPONENTS } from './member-centre-pages.ts';

// biome-ignore lint/suspicious/noExplicitAny: each lazy modal has its own props
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType<any> {
  return lazy(() =>
    withChunkTimeout(load).then((module) => ({ default: module[name] as unknown as ComponentType })),
  );
}

const auth = {
  login: () => import('../../features/auth/components/LoginModal.tsx'),
  register: () => import('../../features/auth/components/RegisterModal.tsx'),
  forget: () => import('../../features/auth/components/ForgetPassModal.tsx'),
  change: () => import('../../features/auth/components/ChangePassModal.tsx'),
  verify: () => import('../../features/auth/components/VerifyLoginModal.tsx'),
  trial: () => import('../../features/auth/components/TrialWarning.tsx'),
  logout: () => import('../../features/auth/components/LogoutConfirm.tsx'),
};
const LoginModal = lazyNamed(auth.login, 'LoginModal');
const RegisterModal = lazyNamed(auth.register, 'RegisterModal');
const ForgetPassModal = lazyNamed(auth.forget, 'ForgetPassModal');
const ChangePassModal = lazyNamed(auth.change, 'ChangePassModal');
const VerifyLoginModal = lazyNamed(auth.verify, 'VerifyLoginModal');
const TrialWarning = lazyNamed(auth.trial, 'TrialWarning');
const LogoutConfirm = lazyNamed(auth.logout, 'LogoutConfirm');
const MemberCentre = lazyNamed(
  () => import('../../features/member/components/MemberCentre.tsx'),
  'MemberCentre',
);
const AgentCentre = lazyNamed(
  () => import('../../features/member/components/AgentCentre.tsx'),
  'AgentCentre',
);

/** The open account modal, each its own lazy chunk; loaded by ModalHost on first use. */
export function ModalSwitch({
  modal,
  registerRoute,
}: {
  modal: ModalRequest | null;
  registerRoute: boolean;
}) {
  const navigate = useNavigate();
  const status = useSystemStatus();
  const { loggedIn } = useSession();
  const info = status.data?.info;
  const needsCountries =
    registerRoute || modal?.name === 'login' || modal?.name === 'register' || modal?.name === 'forgetPass';
  const countryCodes = useCountryCodes(needsCountries);
  const unreadMessages = useUnreadMessageCount(loggedIn && modal?.name === 'memberCentre');
  const missions = useMissionSummary(loggedIn && modal?.name === 'memberCentre');

  if (!info) return null;
  const flags = info.whitelabel.flags;
  const env: AuthEnvironment = {
    brandName: info.whitelabel.brandName,
    smsLogin: info.register.smsLogin,
    directRegistration: info.register.directRegistration,
    freePlay: info.register.freePlay,
    usernameRegistration: info.register.usernameRegistration,
    mobileRegistration: info.register.mobileRegistration,
    phonePasswordReset: !!flags.CHNGPASSVERIF3,
    countryCodes: countryCodes.data ?? [],
    defaultCountry: status.data?.location.country || undefined,
    externalProviders: externalProvidersOf(flags),
  };

  const closeRegister = () => {
    closeModal('register');
    if (registerRoute) navigate(paths.home.to(), { replace: true });
  };

  let content = null;
  if (modal?.name === 'register' || (registerRoute && !modal && !loggedIn)) {
    content =
      env.directRegistration || registerRoute ? <RegisterModal env={env} onClose={closeRegister} /> : null;
  } else if (modal) {
    switch (modal.name) {
      case 'login':
        content = <LoginModal env={env} notice={modal.notice} captcha={modal.captcha} tab={modal.tab} />;
        break;
      case 'forgetPass':
        content = <ForgetPassModal env={env} />;
        break;
      case 'changePass':
        content = <ChangePassModal forced={modal.forced} knownPassword={modal.knownPassword} />;
        break;
      case 'verifyLogin':
        content = <VerifyLoginModal username={modal.username} password={modal.password} />;
        break;
      case 'trialWarning':
        content = <TrialWarning />;
        break;
      case 'logoutConfirm':
        content = <LogoutConfirm />;
        break;
      case 'memberCentre':
        content = (
          <MemberCentre
            page={modal.page}
            manualRebate={!!flags.MANPLAYREB3}
            countryCodes={countryCodes.data ?? []}
            pages={MEMBER_CENTRE_PAGE_COMPONENTS}
            messageCount={unreadMessages.data ?? 0}
            missionCount={missions.data?.missionCount ?? 0}
          />
        );
        break;
      case 'agentCentre':
        content = <AgentCentre flags={flags} pages={AGENT_CENTRE_PAGE_COMPONENTS} />;
        break;
    }
  }
  return <Suspense fallback={null}>{content}</Suspense>;
}
