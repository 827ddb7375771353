import { ApiError } from '../../lib/api.ts';
import { i18n } from '../../lib/i18n.ts';
import { resolveMerchant } from '../../lib/merchant.ts';
import { session } from '../../lib/session.ts';

type Envelope = { success?: boolean; value?: { imageUrl: string }; message?: string; errorCode?: string };

/** POST /bo/v1/points/products/:id/image (multipart, part `image`): answers the served image path. */
export async function uploadProductImage(productId: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  let response: Response;
  try {
    response = await fetch(`/bo/v1/points/products/${productId}/image`, {
      method: 'POST',
      headers: {
        Authorization: session.token() ?? '',
        Merchant: resolveMerchant() ?? '',
        Language: i18n.language || 'EN',
        Accept: 'application/json',
      },
      body: form,
    });
  } catch {
    throw new ApiError('network_abnormal', i18n.t('common.networkError'), 0);
  }
  const data = (await response.json().catch(() => null)) as Envelope | null;
  if (data?.success === true && data.value) return data.value.imageUrl;
  throw new ApiError(
    data?.errorCode || 'system_error',
    data?.message || i18n.t('common.unexpectedError'),
    response.status,
  );
}
