import { type TEnum, type TProperties, Type } from 'typebox';
import { pageQueryFields } from './paging.ts';

/**
 * Schemas shared by the back office's review queues of submissions from the public site (contact
 * requests, affiliate applications): operators list them, take them and close them with a note.
 */

const DateTime = Type.String({ format: 'date-time' });

/** `?from=&to=`: a list's creation days (UTC), both inclusive. */
export const dayRangeQueryFields = {
  from: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, inclusive' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, inclusive' })),
};

/** The solved human check a public form sends along. */
export const humanCheckField = {
  humanCheck: Type.Optional(
    Type.String({ maxLength: 8192, description: 'Solved ALTCHA payload (base64); refused without one' }),
  ),
};

/** A submission as operators read it: the queue's own `fields` between the name and the message. */
export const OperatorSubmission = <S extends TEnum, F extends TProperties>(status: S, fields: F) =>
  Type.Object({
    id: Type.String(),
    name: Type.String(),
    ...fields,
    message: Type.String(),
    language: Type.String(),
    status,
    memberId: Type.Union([Type.String(), Type.Null()]),
    username: Type.Union([Type.String(), Type.Null()]),
    note: Type.String(),
    handledBy: Type.Union([Type.String(), Type.Null()]),
    createdAt: DateTime,
    updatedAt: DateTime,
  });

/** A queue's list query: status, the queue's own `filters`, search text, creation days, paging. */
export const SubmissionQuery = <S extends TEnum, F extends TProperties>(status: S, filters: F) =>
  Type.Object({
    status: Type.Optional(status),
    ...filters,
    search: Type.Optional(Type.String({ maxLength: 100 })),
    ...dayRangeQueryFields,
    ...pageQueryFields,
  });

/** An operator's move of one submission to `status`, with an optional note. */
export const SubmissionStatusBody = <S extends TEnum>(status: S) =>
  Type.Object(
    { status, note: Type.Optional(Type.String({ maxLength: 2000 })) },
    { additionalProperties: false },
  );
