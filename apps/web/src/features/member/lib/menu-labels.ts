import type { TFunction } from 'i18next';
import type { AGENT_CENTRE_PAGES, MemberCentrePage } from './menu.ts';

/** Menu labels written out key by key so the extractor sees every one. */
export function memberPageLabel(t: TFunction, page: MemberCentrePage): string {
  switch (page) {
    case 'securityCenter':
      return t('member.menu.securityCenter');
    case 'verification':
      return t('member.menu.verification');
    case 'transferFund':
      return t('member.menu.transferFund');
    case 'depositv2':
      return t('member.menu.depositv2');
    case 'withdraw':
      return t('member.menu.withdraw');
    case 'transferUpline':
      return t('member.menu.transferUpline');
    case 'personalHistoryCopy':
      return t('member.menu.personalHistoryCopy');
    case 'manualRebate':
      return t('member.menu.manualRebate');
    case 'transactionHistory':
      return t('member.menu.transactionHistory');
    case 'personalProfit':
      return t('member.menu.personalProfit');
    case 'bonusDetails':
      return t('member.menu.bonusDetails');
    case 'rewardCenter':
      return t('member.menu.rewardCenter');
    case 'referral':
      return t('member.menu.referral');
    case 'missionLeaderboard':
      return t('member.menu.missionLeaderboard');
    case 'messageV2':
      return t('member.menu.messageV2');
    case 'playerRank':
      return t('member.menu.playerRank');
    case 'responsibleGaming':
      return t('member.menu.responsibleGaming');
    case 'protection':
      return t('member.menu.protection');
  }
}

export function agentPageLabel(t: TFunction, page: (typeof AGENT_CENTRE_PAGES)[number]): string {
  switch (page) {
    case 'agentAnnouncement':
      return t('agent.menu.agentAnnouncement');
    case 'agentTeamOverview':
      return t('agent.menu.agentTeamOverview');
    case 'registerCenter':
      return t('agent.menu.registerCenter');
    case 'downlineManagmentView':
      return t('agent.menu.downlineManagmentView');
    case 'personalHistoryCopy':
      return t('agent.menu.personalHistoryCopy');
    case 'palStatementsAgentCopy':
      return t('agent.menu.palStatementsAgentCopy');
    case 'agentRevenueReport':
      return t('agent.menu.agentRevenueReport');
    case 'agentDownlineTransactionDetailsCopy':
      return t('agent.menu.agentDownlineTransactionDetailsCopy');
    case 'agentDividendRecordCopy2':
      return t('agent.menu.agentDividendRecordCopy2');
    case 'agentDailyWages2':
      return t('agent.menu.agentDailyWages2');
    case 'agentHourSalary':
      return t('agent.menu.agentHourSalary');
    case 'agentRealtimeSalary':
      return t('agent.menu.agentRealtimeSalary');
  }
}
