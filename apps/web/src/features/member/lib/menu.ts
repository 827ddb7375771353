/** The member-centre menu of spec §2, in order. */
export const MEMBER_CENTRE_PAGES = [
  'securityCenter',
  'verification',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'manualRebate',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'playerRank',
  'responsibleGaming',
  'protection',
] as const;
export type MemberCentrePage = (typeof MEMBER_CENTRE_PAGES)[number];

export function isMemberCentrePage(page: string | undefined): page is MemberCentrePage {
  return !!page && (MEMBER_CENTRE_PAGES as readonly string[]).includes(page);
}

/** The agent-centre menu of spec §2; the salary and dividend pages follow the brand's contract flags. */
export const AGENT_CENTRE_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
] as const;
