import { type Static, type TSchema, Type } from 'typebox';

/**
 * What a refusal names beyond its code, for the page to say it (a limit's kind, window, amounts and
 * when it frees: contracts/limits.ts LimitRefusal). Absent on most answers.
 */
export const RefusalDetail = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Integer(), Type.Null()]),
);
export type RefusalDetail = Static<typeof RefusalDetail>;

/** Every answer: `{ success, value, message, errorCode }` (wire-protocol.md, Response envelope). */
export const Envelope = <T extends TSchema>(value: T) =>
  Type.Object({
    success: Type.Boolean(),
    value: value,
    message: Type.String(),
    errorCode: Type.String(),
    detail: Type.Optional(RefusalDetail),
  });

export const ErrorEnvelope = Type.Object({
  success: Type.Literal(false),
  value: Type.Null(),
  message: Type.String(),
  errorCode: Type.String(),
  detail: Type.Optional(RefusalDetail),
  /** Field-level problems of a `request_param_err`: path to the first message key per field. */
  fieldErrors: Type.Optional(Type.Record(Type.String(), Type.String())),
  /** The same fields' messages translated into the request's Language (registration patterns). */
  fieldMessages: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

export type Ok<T> = { success: true; value: T; message: string; errorCode: string };

/** Request headers every call carries (wire-protocol.md, Transport). */
export const HEADER = {
  merchant: 'merchant',
  authorization: 'authorization',
  language: 'language',
  device: 'device',
} as const;

export const DEVICES = ['web', 'mobile', 'app'] as const;

/**
 * The request headers of every API route, for validation and the OpenAPI page. `merchant` is
 * optional here only so that a missing one is answered with `function.not.available` (not a
 * validation error) by the tenancy hook that runs first.
 */
export const ApiHeaders = Type.Object({
  merchant: Type.Optional(Type.String({ maxLength: 64, description: 'Brand (tenant) merchant code' })),
  language: Type.Optional(Type.String({ maxLength: 8, description: 'UI language code: EN, MS, CN, ...' })),
  device: Type.Optional(Type.String({ maxLength: 16, description: 'web, mobile or app' })),
  authorization: Type.Optional(Type.String({ maxLength: 1024, description: 'Raw session token' })),
});
