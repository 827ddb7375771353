/**
 * Account kinds by their isAgent value, without any schema: the member site's first load imports
 * these, and a schema module would bring TypeBox's builder with it (accounts.ts re-exports them).
 */

/** isAgent values (spec §4): 0 member, 1/2/41/42 agent kinds, 4 trial (free demo play). */
export const AGENT_TYPES = {
  member: 0,
  agent: 1,
  masterAgent: 2,
  agent41: 41,
  agent42: 42,
  trial: 4,
} as const;
/** The agent kinds (isAgent 1, 2, 41, 42): agent centre, downline, commissions. */
export const AGENT_KINDS: readonly number[] = [
  AGENT_TYPES.agent,
  AGENT_TYPES.masterAgent,
  AGENT_TYPES.agent41,
  AGENT_TYPES.agent42,
];
/** A trial account (isAgent 4): free demo play, refused member features. */
export const TRIAL_TYPE = AGENT_TYPES.trial;
/** An ordinary member (isAgent 0). */
export const MEMBER_TYPE = AGENT_TYPES.member;
export const isAgentType = (isAgent: number) => AGENT_KINDS.includes(isAgent);
