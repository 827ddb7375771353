import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from './Pagination.tsx';

/** A header row's column names; `false` or `null` leaves a column out (one the operator may not use). */
export type Headers = readonly (string | false | null)[];

/** A table that scrolls sideways inside its box on a phone: the header row, then the given rows. */
export function DataTable({ headers, children }: { headers: Headers; children: ReactNode }) {
  return (
    <div className="table-scroll">
      <table>
        <thead>
          <tr>
            {headers.map((header) =>
              typeof header === 'string' ? (
                <th key={header} scope="col">
                  {header}
                </th>
              ) : null,
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** One page of a list as a DataTable, a line when the page is empty, and the pager under it. */
export function PagedTable({
  headers,
  page,
  list,
  onPage,
  children,
}: {
  headers: Headers;
  page: number;
  list: { items: readonly unknown[]; size: number; total: number };
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DataTable headers={headers}>{children}</DataTable>
      {list.items.length === 0 && <p>{t('common.empty')}</p>}
      <Pagination page={page} pageSize={list.size} total={list.total} onPage={onPage} />
    </>
  );
}

/** A row's secondary action button. */
export function RowAction({
  onClick,
  disabled,
  children,
}: {
  onClick: () => void;
  disabled?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <button type="button" className="secondary" disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}
