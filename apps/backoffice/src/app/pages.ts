import type { OperatorRole } from '@lotus/contracts/backoffice';
import type { ComponentType } from 'react';

/**
 * THE list of back-office pages: each entry is one route (under /backoffice/) and, when it has a
 * `menuKey`, one item of the side menu. The menu shows an entry only to the roles in `roles`
 * (admin sees everything; an empty list means every role). Pages are loaded on first visit.
 *
 * To add a page: create `src/features/<area>/<Name>Page.tsx` with a default export, then add one
 * entry here (see README.md). The Deposits and Withdrawals queues have their slots below.
 */
export type BackofficePage = {
  path: string;
  /** i18n key of the menu label; pages without one (details) are routes only. */
  menuKey?: string;
  roles: OperatorRole[];
  /** Only in the demo brand outside production (the API says whether: GET /bo/v1/demo-messages). */
  demoOnly?: boolean;
  load: () => Promise<{ default: ComponentType }>;
};

export const PAGES: BackofficePage[] = [
  {
    path: '',
    menuKey: 'menu.dashboard',
    roles: [],
    load: () => import('../features/dashboard/DashboardPage.tsx'),
  },
  {
    path: 'members',
    menuKey: 'menu.members',
    roles: [],
    load: () => import('../features/members/MembersPage.tsx'),
  },
  { path: 'members/:id', roles: [], load: () => import('../features/members/MemberDetailPage.tsx') },
  {
    path: 'kyc',
    menuKey: 'kyc.menu',
    roles: [],
    load: () => import('../features/kyc/KycQueuePage.tsx'),
  },
  {
    path: 'kyc-policy',
    menuKey: 'kycPolicy.menu',
    roles: ['admin'],
    load: () => import('../features/kyc/KycPolicyPage.tsx'),
  },
  {
    path: 'risk-signals',
    menuKey: 'risk.menu',
    roles: [],
    load: () => import('../features/kyc/RiskSignalsPage.tsx'),
  },
  {
    path: 'members/:id/protection',
    roles: [],
    load: () => import('../features/protection/MemberProtectionPage.tsx'),
  },
  {
    path: 'protection/end-requests',
    menuKey: 'protection.menu',
    roles: ['cs'],
    load: () => import('../features/protection/EndRequestsPage.tsx'),
  },
  {
    path: 'adjustments',
    menuKey: 'menu.adjustments',
    roles: ['finance'],
    load: () => import('../features/adjustments/AdjustmentsPage.tsx'),
  },
  {
    path: 'deposits',
    menuKey: 'deposits.menu',
    roles: ['finance'],
    load: () => import('../features/deposits/DepositsPage.tsx'),
  },
  {
    path: 'deposit-settings',
    menuKey: 'deposits.settingsMenu',
    roles: ['admin'],
    load: () => import('../features/deposits/DepositSettingsPage.tsx'),
  },
  {
    path: 'withdrawals',
    menuKey: 'withdrawals.menu',
    roles: ['finance'],
    load: () => import('../features/withdrawals/WithdrawalsPage.tsx'),
  },
  {
    path: 'vendors',
    menuKey: 'menu.vendors',
    roles: ['admin'],
    load: () => import('../features/vendors/VendorsPage.tsx'),
  },
  {
    path: 'games',
    menuKey: 'games.menu',
    roles: ['marketing', 'finance', 'cs', 'readonly'],
    load: () => import('../features/games/GamesPage.tsx'),
  },
  {
    path: 'rounds',
    menuKey: 'rounds.menu',
    roles: ['cs', 'finance', 'readonly'],
    load: () => import('../features/games/RoundsPage.tsx'),
  },
  {
    path: 'ggr',
    menuKey: 'ggr.menu',
    roles: ['finance', 'marketing', 'readonly'],
    load: () => import('../features/games/GgrPage.tsx'),
  },
  {
    path: 'lottery-games',
    menuKey: 'lotteryGames.menu',
    roles: [],
    load: () => import('../features/lottery/LotteryGamesPage.tsx'),
  },
  {
    path: 'lottery-odds',
    menuKey: 'lotteryOdds.menu',
    roles: [],
    load: () => import('../features/lottery/LotteryOddsPage.tsx'),
  },
  {
    path: 'lottery-numeros',
    menuKey: 'lotteryNumeros.menu',
    roles: [],
    load: () => import('../features/lottery/LotteryNumerosPage.tsx'),
  },
  {
    path: 'lottery-numeros/:id',
    roles: [],
    load: () => import('../features/lottery/LotteryNumeroPage.tsx'),
  },
  {
    path: 'lottery-results',
    menuKey: 'lotteryResults.menu',
    roles: ['finance'],
    load: () => import('../features/lottery/LotteryResultsPage.tsx'),
  },
  {
    path: 'lottery-pnl',
    menuKey: 'lotteryPnl.menu',
    roles: ['finance'],
    load: () => import('../features/lottery/LotteryPnlPage.tsx'),
  },
  {
    path: 'vip-levels',
    menuKey: 'vip.levelsMenu',
    roles: ['marketing', 'finance'],
    load: () => import('../features/vip/VipLevelsPage.tsx'),
  },
  {
    path: 'vip-records',
    menuKey: 'vip.recordsMenu',
    roles: ['marketing', 'finance', 'cs'],
    load: () => import('../features/vip/VipRecordsPage.tsx'),
  },
  {
    path: 'content',
    menuKey: 'content.menu',
    roles: [],
    load: () => import('../features/content/ContentPage.tsx'),
  },
  {
    path: 'settings',
    menuKey: 'menu.settings',
    roles: ['admin'],
    load: () => import('../features/settings/SettingsPage.tsx'),
  },
  {
    path: 'outboxes',
    menuKey: 'menu.outboxes',
    roles: ['cs'],
    load: () => import('../features/outboxes/OutboxesPage.tsx'),
  },
  {
    path: 'demo-messages',
    menuKey: 'menu.demoMessages',
    roles: ['cs'],
    demoOnly: true,
    load: () => import('../features/outboxes/DemoMessagesPage.tsx'),
  },
  {
    path: 'customer-service',
    menuKey: 'cs.menu',
    roles: [],
    load: () => import('../features/cs/CsPage.tsx'),
  },
  {
    path: 'affiliates',
    menuKey: 'affiliates.menu',
    roles: [],
    load: () => import('../features/agents/AffiliateApplicationsPage.tsx'),
  },
  {
    path: 'messages',
    menuKey: 'messages.menu',
    roles: [],
    load: () => import('../features/messages/MessagesPage.tsx'),
  },
  {
    path: 'missions',
    menuKey: 'missions.menu',
    roles: [],
    load: () => import('../features/missions/MissionsPage.tsx'),
  },
  {
    path: 'referrals',
    menuKey: 'referrals.menu',
    roles: [],
    load: () => import('../features/referrals/ReferralsPage.tsx'),
  },
  {
    path: 'audit',
    menuKey: 'menu.audit',
    roles: ['admin'],
    load: () => import('../features/audit/AuditPage.tsx'),
  },
  {
    path: 'operators',
    menuKey: 'menu.operators',
    roles: ['admin'],
    load: () => import('../features/operators/OperatorsPage.tsx'),
  },
  {
    path: 'points-settings',
    menuKey: 'points.settingsMenu',
    roles: ['marketing'],
    load: () => import('../features/points/PointsSettingsPage.tsx'),
  },
  {
    path: 'point-exchanges',
    menuKey: 'points.exchanges.menu',
    roles: ['finance', 'cs'],
    load: () => import('../features/points/PointExchangesPage.tsx'),
  },
  {
    path: 'points-members',
    menuKey: 'points.members.menu',
    roles: ['cs', 'finance', 'marketing'],
    load: () => import('../features/points/MemberPointsPage.tsx'),
  },
  {
    path: 'promotions',
    menuKey: 'promotions.menu',
    roles: ['marketing', 'finance', 'cs', 'readonly'],
    load: () => import('../features/promotions/PromotionsPage.tsx'),
  },
];

/** Whether a role may see a page (admin sees all; no roles listed = every role). */
export function canSee(page: Pick<BackofficePage, 'roles'>, role: OperatorRole): boolean {
  return role === 'admin' || page.roles.length === 0 || page.roles.includes(role);
}

/** The side menu of a role, in list order; demo-only pages only where the demo's pages are on. */
export function menuFor(role: OperatorRole, pages: BackofficePage[] = PAGES, demo = false) {
  return pages.filter((page) => page.menuKey && canSee(page, role) && (demo || !page.demoOnly));
}
