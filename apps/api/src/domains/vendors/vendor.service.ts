/** Sealing of vendor and gateway secrets, published to the other domains. */
export { decryptSecret, encryptSecret } from './vendor.repository.ts';
