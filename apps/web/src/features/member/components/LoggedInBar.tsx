import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../../components/ui/icons.tsx';
import { allowMemberAction } from '../../../lib/member-action.ts';
import { useMemberInfo } from '../../../lib/member-data.ts';
import { openModal } from '../../../lib/modals.ts';
import { canOpenAgentCentre, getSession } from '../../../lib/session.ts';
import { BalanceDisplay } from './BalanceDisplay.tsx';
import './member.css';

/**
 * The header's logged-in bar (spec §2): balance, nickname (opens the member centre), deposit,
 * withdraw, member centre, betting record, cashback (MANPLAYREB3), agent centre for agents, and
 * logout with its confirm dialog. Member features refuse trial accounts with the trial warning.
 *
 * On a wide screen every entry is in the bar. Narrower, the bar keeps the balance and deposit and a
 * menu button (a Radix dropdown: keyboard, focus and aria wiring) holds everything else, with the
 * header tools (language, theme) the app layer hands in as `menuExtras`.
 */
export function LoggedInBar({
  currencySymbol,
  manualRebate,
  menuExtras,
}: {
  currencySymbol: string;
  manualRebate: boolean;
  menuExtras?: ReactNode;
}) {
  const { t } = useTranslation();
  const info = useMemberInfo();
  const session = getSession();
  const name = info.data?.nickname || info.data?.account || session.account || '';
  const centre = (page: string) => () => {
    if (allowMemberAction()) openModal({ name: 'memberCentre', page });
  };
  const agent = canOpenAgentCentre(session);
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
        <button
          type="button"
          className="button button--primary button--small"
          onClick={centre('depositv2')}
          data-testid="deposit-entry"
        >
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
          {t('member.centreTitle')}
        </button>
        <button type="button" className="link-button" onClick={centre('personalHistoryCopy')}>
          {t('member.bettingRecord')}
        </button>
        {manualRebate ? (
          <button type="button" className="link-button" onClick={centre('manualRebate')}>
            {t('member.cashback')}
          </button>
        ) : null}
        {agent ? (
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
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          className="icon-button logged-in-bar__menu-button"
          aria-label={t('member.accountMenu')}
          data-testid="account-menu"
        >
          <MenuIcon />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            className="member-menu"
            sideOffset={8}
            align="end"
            collisionPadding={8}
            data-testid="account-menu-content"
          >
            {name ? <DropdownMenu.Label className="member-menu__label">{name}</DropdownMenu.Label> : null}
            <DropdownMenu.Item className="member-menu__item" onSelect={centre('withdraw')}>
              {t('member.withdraw')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="member-menu__item"
              onSelect={centre('securityCenter')}
              data-testid="menu-member-centre"
            >
              {t('member.centreTitle')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className="member-menu__item" onSelect={centre('personalHistoryCopy')}>
              {t('member.bettingRecord')}
            </DropdownMenu.Item>
            {manualRebate ? (
              <DropdownMenu.Item className="member-menu__item" onSelect={centre('manualRebate')}>
                {t('member.cashback')}
              </DropdownMenu.Item>
            ) : null}
            {agent ? (
              <DropdownMenu.Item
                className="member-menu__item"
                onSelect={() => openModal({ name: 'agentCentre' })}
              >
                {t('member.agentCentre')}
              </DropdownMenu.Item>
            ) : null}
            {menuExtras ? (
              <>
                <DropdownMenu.Separator className="member-menu__separator" />
                {menuExtras}
              </>
            ) : null}
            <DropdownMenu.Separator className="member-menu__separator" />
            <DropdownMenu.Item
              className="member-menu__item"
              onSelect={() => openModal({ name: 'logoutConfirm' })}
              data-testid="menu-logout"
            >
              {t('auth.logout')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
