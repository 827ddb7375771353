import type { CsType } from '@lotus/contracts/system';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { ChatIcon, CrownIcon, PhoneIcon, SendIcon } from '../../../components/ui/icons.tsx';

export const CS_ICON: Record<CsType, () => ReactNode> = {
  LIVECHAT: ChatIcon,
  WHATSAPP: PhoneIcon,
  TELEGRAM: SendIcon,
  VIP: CrownIcon,
};

export function csLabel(t: TFunction, type: CsType): string {
  switch (type) {
    case 'LIVECHAT':
      return t('cs.livechat');
    case 'WHATSAPP':
      return t('cs.whatsapp');
    case 'TELEGRAM':
      return t('cs.telegram');
    case 'VIP':
      return t('cs.vip');
  }
}
