import { useTranslation } from 'react-i18next';
import { allowMemberAction } from '../../../lib/member-action.ts';
import { openModal } from '../../../lib/modals.ts';
import { canOpenAgentCentre, getSession } from '../../../lib/session.ts';
import { useMemberInfo } from '../api/get-member-info.ts';
import { BalanceDisplay } from './BalanceDisplay.tsx';
import './member.css';

/**
 * The header's logged-in bar (spec §2): balance, nickname (opens the member centre), deposit,
 * withdraw, personal centre, betting record, cashback (MANPLAYREB3), agent centre for agents, and
 * logout with its confirm dialog. Member features refuse trial accounts with the trial warning.
 */
export function LoggedInBar({
  currencySymbol,
  manualRebate,
}: {
  currencySymbol: string;
  manualRebate: boolean;
}) {
  const { t } = useTranslation();
  const info = useMemberInfo();
  const session = getSession();
  const name = info.data?.nickname || info.data?.account || session.account || '';
  const centre = (page: string) => () => {
    if (allowMemberAction()) openModal({ name: 'memberCentre', page });
  };
  return (
    <div className="logged-in-bar" data-testid="logged-in-bar">
      <BalanceDisplay fallbackSymbol={currencySymbol} />
      <button
        type="button"
        className="logged-in-bar__name"
        onClick={centre('securityCenter')}
        data-testid="nickname"
      >
        {name}
      </button>
      <nav className="logged-in-bar__links" aria-label={t('member.quickLinks')}>
        <button type="button" className="button button--primary button--small" onClick={centre('depositv2')}>
          {t('member.deposit')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={centre('withdraw')}>
          {t('member.withdraw')}
        </button>
        <button
          type="button"
          className="link-button"
          onClick={centre('securityCenter')}
          data-testid="personal-centre"
        >
          {t('member.personalCentre')}
        </button>
        <button type="button" className="link-button" onClick={centre('personalHistoryCopy')}>
          {t('member.bettingRecord')}
        </button>
        {manualRebate ? (
          <button type="button" className="link-button" onClick={centre('manualRebate')}>
            {t('member.cashback')}
          </button>
        ) : null}
        {canOpenAgentCentre(session) ? (
          <button
            type="button"
            className="link-button"
            onClick={() => openModal({ name: 'agentCentre' })}
            data-testid="agent-centre-entry"
          >
            {t('member.agentCentre')}
          </button>
        ) : null}
        <button
          type="button"
          className="link-button"
          onClick={() => openModal({ name: 'logoutConfirm' })}
          data-testid="logout"
        >
          {t('auth.logout')}
        </button>
      </nav>
    </div>
  );
}
