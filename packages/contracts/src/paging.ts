import { type TSchema, Type } from 'typebox';

/**
 * Paging of the member and queue lists that answer `{items, total, page, size}` (deposits,
 * withdrawals; the back office's own lists use `pageSize`, see backoffice.ts).
 */
export const pageQueryFields = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};

/** `?page=&size=` alone. */
export const PageQuery = Type.Object(pageQueryFields);

/** One page of `item`s with the total count and the page asked for. */
export const SizedPage = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    size: Type.Integer(),
  });
