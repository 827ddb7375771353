import { AppError } from '../../http/app-error.ts';
import type { Brand } from '../brands/brand.ts';

/**
 * Accepts a language the brand offers (its UI list, which includes the supported ones). Members'
 * stored preference is written here once accounts exist; visitors keep it in local storage.
 */
export function updateLanguage(brand: Brand, language: string): { language: string } {
  const code = language.trim().toUpperCase();
  const offered = new Set([...brand.supportedLanguages, ...brand.uiLanguages]);
  if (!offered.has(code))
    throw new AppError('language_unsupported', { fieldErrors: { language: 'errors.language_unsupported' } });
  return { language: code };
}
