import type { ContactChannel } from '@lotus/contracts/cs';
import type { TFunction } from 'i18next';
import type { HTMLAttributes } from 'react';

/** How a public form's "way to reach you" field behaves per channel (contact form, affiliate application). */
export const CHANNEL_INPUT: Record<
  ContactChannel,
  {
    type: 'tel' | 'email' | 'text';
    inputMode: HTMLAttributes<HTMLInputElement>['inputMode'];
    autoComplete: string;
  }
> = {
  mobile: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  whatsapp: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  telegram: { type: 'text', inputMode: 'text', autoComplete: 'off' },
};

export function channelLabel(t: TFunction, channel: ContactChannel): string {
  switch (channel) {
    case 'mobile':
      return t('contactChannel.mobile');
    case 'email':
      return t('contactChannel.email');
    case 'whatsapp':
      return t('contactChannel.whatsapp');
    case 'telegram':
      return t('contactChannel.telegram');
  }
}

/** What to type for a channel: a local number is read in the brand's country by the server. */
export function channelPlaceholder(t: TFunction, channel: ContactChannel): string {
  switch (channel) {
    case 'mobile':
    case 'whatsapp':
      return t('contactChannel.phonePlaceholder');
    case 'email':
      return t('contactChannel.emailPlaceholder');
    case 'telegram':
      return t('contactChannel.telegramPlaceholder');
  }
}
