/** A brand as stored now (not from the request cache), for other domains. */
export { findBrandByMerchantCode } from './brand.repository.ts';
