import { appI18nConfig } from '../../scripts/i18n-config.ts';

/** The member site's translation keys: the shared set-up of scripts/i18n-config.ts. */
export default appI18nConfig();
