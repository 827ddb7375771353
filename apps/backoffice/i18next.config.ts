import { appI18nConfig } from '../../scripts/i18n-config.ts';

/**
 * The back office's translation keys (scripts/i18n-config.ts). Feature folders add their keys under
 * their own top-level key (`deposits.*`, `withdrawals.*`), which is their file
 * (`src/locales/<LANG>/deposits.json`); the patterns are whole keys read from data (menu entries of
 * src/app/pages.ts, roles, statuses, wallet kinds).
 */
export default appI18nConfig([
  'menu.*',
  '*.menu',
  '*.settingsMenu',
  'roles.*',
  'memberStatus.*',
  'wallets.*',
  'adjustmentStatus.*',
  'contentTypes.*',
  'contentExecutions.*',
  'contentGroups.*',
  'registrationFields.*',
  'contentChannels.*',
]);
