import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { acceptImage, type UploadStore } from '../../lib/uploads/uploads.ts';
import { recordAudit } from '../operators/audit.service.ts';
import type { Operator } from './points.admin.service.ts';
import { lockProduct, productByImage, setProductImage } from './points.repository.ts';

/** Where product images are served from (outside the brand scope: image tags send no Merchant header). */
export const PRODUCT_IMAGE_PREFIX = '/wps/points/images/';
export const PRODUCT_IMAGE_FILE = /^[0-9a-f-]{36}\.(png|jpg)$/;
const FOLDER = 'points';

const storedNameOf = (brandId: string, file: string) => `${FOLDER}/${brandId}/${file}`;

/**
 * Stores an uploaded png/jpg (checked by its bytes) as a product's image under a random name and
 * points the product at it, audited in the same transaction; the previous uploaded image is removed
 * after the commit. Answers the image's served path.
 */
export async function uploadProductImage(
  db: Db,
  uploads: UploadStore,
  operator: Operator,
  productId: string,
  bytes: Buffer,
): Promise<{ imageUrl: string }> {
  const image = await acceptImage(bytes);
  const file = `${randomUUID()}.${image.extension}`;
  const storedName = storedNameOf(operator.brandId, file);
  const imageUrl = `${PRODUCT_IMAGE_PREFIX}${file}`;
  const temp = await uploads.writeTemp(bytes);
  let previous = '';
  try {
    await db.transaction().execute(async (trx) => {
      const product = await lockProduct(trx, operator.brandId, productId);
      if (!product) throw new AppError('points_product_not_found');
      previous = product.image_url;
      await setProductImage(trx, operator.brandId, productId, imageUrl);
      await recordAudit(trx, {
        brandId: operator.brandId,
        operatorId: operator.id,
        action: 'points.product.image',
        targetType: 'points_product',
        targetId: productId,
        before: { imageUrl: previous },
        after: { imageUrl },
        ip: operator.ip,
      });
      await uploads.promote(temp, storedName);
    });
  } catch (error) {
    await uploads.remove([temp, uploads.finalPath(storedName)]);
    throw error;
  }
  const old = previous.startsWith(PRODUCT_IMAGE_PREFIX) ? previous.slice(PRODUCT_IMAGE_PREFIX.length) : '';
  if (PRODUCT_IMAGE_FILE.test(old))
    await uploads.remove([uploads.finalPath(storedNameOf(operator.brandId, old))]);
  return { imageUrl };
}

/** The stored file of a served image name, when a product shows it (else null). */
export async function productImagePath(db: Db, uploads: UploadStore, file: string): Promise<string | null> {
  if (!PRODUCT_IMAGE_FILE.test(file)) return null;
  const product = await productByImage(db, `${PRODUCT_IMAGE_PREFIX}${file}`);
  return product ? uploads.finalPath(storedNameOf(product.brand_id, file)) : null;
}
