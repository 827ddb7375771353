import { useQueryClient } from '@tanstack/react-query';
import { applyLanguage, currentLanguage } from '../../../lib/i18n.ts';
import { logger } from '../../../lib/logger.ts';
import { storage } from '../../../lib/storage.ts';
import { updateLanguage } from '../api/update-language.ts';

/**
 * A visitor's language choice: remembered in localStorage `lang` (the previous one in `hisLang`),
 * shown at once, told to the platform, and server texts (help, notices) fetched again in it.
 */
export function useChangeLanguage(): (code: string) => Promise<void> {
  const queryClient = useQueryClient();
  return async (code: string) => {
    storage.chooseLang(code, currentLanguage());
    await applyLanguage(code);
    updateLanguage(code).catch((error: unknown) => logger.warn('language update was not accepted', error));
    await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] !== 'status' });
  };
}
