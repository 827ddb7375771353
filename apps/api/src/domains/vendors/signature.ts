/**
 * The seamless-wallet call's signature check (HMAC-SHA256 over METHOD + "\n" + PATH + "\n" + the
 * body bytes, compared in constant time) and the payment gateways' body signature: one node:crypto
 * implementation, shared with the house vendor, in @lotus/server-common/signature.
 */
export {
  seamlessSignatureMatches,
  signatureMatches,
  signBody,
} from '@lotus/server-common/signature';
