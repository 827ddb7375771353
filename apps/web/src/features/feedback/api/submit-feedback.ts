import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type FeedbackInput = { content: string; images: File[] };

/** PUT /wps/feedback as multipart: `content` plus the images in field `images`. */
export function submitFeedback(input: FeedbackInput): Promise<{ id: string; images: number }> {
  const form = new FormData();
  form.set('content', input.content);
  for (const image of input.images) form.append('images', image, image.name);
  return apiRequest<{ id: string; images: number }>('/wps/feedback', { method: 'PUT', form });
}

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
