/** A member (player, agent or trial account) of one brand, as the services use it. */
export type Member = {
  id: string;
  brandId: string;
  username: string;
  /** E.164 or null when none is bound. */
  mobile: string | null;
  email: string | null;
  passwordHash: string;
  fundsPasswordHash: string | null;
  nickname: string;
  /** Profile fields of spec §3 by their wire name (payeeName, qqNum, ...); empty when not given. */
  profile: Record<string, string>;
  isAgent: number;
  uplineId: string | null;
  uplineUsername: string | null;
  affiliateCode: string | null;
  status: 'ACTIVE' | 'LOCKED' | 'DISABLED';
  mustChangePassword: boolean;
  passwordChangedAt: Date;
  firstLoginAt: Date | null;
  language: string | null;
  avatar: string;
  avatarType: 'STATIC' | 'CUSTOM';
  /** The operator's labels of the member, in their order (memberLabel of member info). */
  labels: string[];
  createdAt: Date;
};

export type NewMember = {
  brandId: string;
  username: string;
  mobile?: string | null;
  email?: string | null;
  passwordHash: string;
  fundsPasswordHash?: string | null;
  nickname?: string;
  profile?: Record<string, string>;
  isAgent?: number;
  uplineId?: string | null;
  affiliateCode?: string | null;
  mustChangePassword?: boolean;
  language?: string | null;
  registerMethod?: string;
  registerUrl?: string;
  registerIp?: string;
};
