import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { AVATAR_KEY, type Avatar } from './get-avatar.ts';

/** POST /wps/relay/MCSFE_getPlayerAvatar: a STATIC choice (JSON) or a CUSTOM upload (multipart). */
export function setAvatar(choice: { staticId: string } | { file: File }): Promise<Avatar> {
  if ('file' in choice) {
    const form = new FormData();
    form.append('avatar', choice.file);
    return apiRequest<Avatar>('/wps/relay/MCSFE_getPlayerAvatar', { method: 'POST', form });
  }
  return apiRequest<Avatar>('/wps/relay/MCSFE_getPlayerAvatar', {
    method: 'POST',
    body: { avatar: choice.staticId, avatarType: 'STATIC' },
  });
}

export function useSetAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAvatar,
    onSuccess: (avatar) => queryClient.setQueryData(AVATAR_KEY, avatar),
  });
}
