import type { DocumentKind, MemberKyc } from '@lotus/contracts/kyc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const KEY = ['kyc'] as const;

/**
 * GET /wps/kyc: the member's verification state, what the brand asks and why, the documents. Read
 * again each time the page opens (a review may have changed it meanwhile).
 */
export function useMemberKyc() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<MemberKyc>('/wps/kyc'),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** POST /wps/kyc/documents (multipart): one document image of a kind. */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: DocumentKind; file: File }) => {
      const form = new FormData();
      form.set('kind', input.kind);
      form.set('document', input.file);
      return apiRequest<MemberKyc>('/wps/kyc/documents', { method: 'POST', form });
    },
    onSuccess: (value) => queryClient.setQueryData(KEY, value),
  });
}
