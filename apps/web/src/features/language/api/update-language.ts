import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /wps/member/language: tells the platform the visitor's language. */
export function updateLanguage(language: string): Promise<{ language: string }> {
  return apiRequest<{ language: string }>('/wps/member/language', { method: 'PUT', body: { language } });
}

export function useUpdateLanguage() {
  return useMutation({ mutationFn: updateLanguage });
}
