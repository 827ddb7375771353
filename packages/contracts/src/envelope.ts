import { type Static, type TSchema, Type } from 'typebox';

/** Every answer: `{ success, value, message, errorCode }` (wire-protocol.md, Response envelope). */
export const Envelope = <T extends TSchema>(value: T) =>
  Type.Object({
    success: Type.Boolean(),
    value: value,
    message: Type.String(),
    errorCode: Type.String(),
  });

export const ErrorEnvelope = Type.Object({
  success: Type.Literal(false),
  value: Type.Null(),
  message: Type.String(),
  errorCode: Type.String(),
  /** Field-level problems of a `request_param_err`: path to the first message key per field. */
  fieldErrors: Type.Optional(Type.Record(Type.String(), Type.String())),
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
