/**
 * What the brands domain publishes: a brand as stored now (not from the request cache), for other
 * domains, and the lookups of the kernel's tenancy (a brand by merchant code, a domain's merchant code).
 */
export { findBrandByMerchantCode, findMerchantCodeByDomain, resolveBrand } from './brand.repository.ts';
