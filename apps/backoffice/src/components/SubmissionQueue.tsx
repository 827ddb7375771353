import type { OperatorRole } from '@lotus/contracts/backoffice';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boApi } from '../lib/api.ts';
import { canAct } from '../lib/roles.ts';
import { session } from '../lib/session.ts';
import { ActionMessage, type ActionOutcome, failure } from './ActionMessage.tsx';
import { ChoiceFilter } from './ChoiceFilter.tsx';
import { DataTable } from './DataTable.tsx';
import { Pagination } from './Pagination.tsx';
import { QueryState } from './QueryState.tsx';
import { ReviewActions } from './ReviewActions.tsx';

const PAGE_SIZE = 20;

/** What every submission of a queue has for the table's first and last cells. */
type Submission<S extends string> = {
  id: string;
  status: S;
  note: string;
  handledBy: string | null;
  createdAt: string;
};

/** The queue's words: filter labels, the status cell's lines and the review actions. */
export type SubmissionTexts<S extends string> = {
  statusColumn: string;
  all: string;
  search: string;
  from: string;
  to: string;
  status: (status: S) => string;
  /** The button of a move to `status`. */
  move: (status: S) => string;
  note: (note: string) => string;
  handledBy: (operator: string) => string;
  noteLabel: string;
};

/**
 * A back-office queue of submissions from the public site (contact requests, affiliate
 * applications) that operators move through statuses with a note: the filter form (status, the
 * queue's own `filters`, search text, creation days), one page of the table, paging, and the
 * outcome of the last move. The list refreshes when the operator comes back to the tab and after
 * every move. `path` is the API collection; a move is `POST <path>/<id>/status`.
 */
export function SubmissionQueue<
  S extends string,
  Item extends Submission<S>,
  Extra extends Record<string, string> = Record<never, string>,
>({
  queryKey,
  path,
  idPrefix,
  rowTestId,
  statuses,
  transitions,
  noteRequired,
  actRoles,
  texts,
  filters: extra,
  columns,
  cells,
  doneText,
}: {
  queryKey: readonly string[];
  path: string;
  /** The prefix of the filter fields' and note fields' ids (`cs` gives `cs-status`, `cs-note-<id>`). */
  idPrefix: string;
  /** A row's test id is `<rowTestId>-<id>`. */
  rowTestId: string;
  statuses: readonly S[];
  transitions: Readonly<Record<S, readonly S[]>>;
  noteRequired?: readonly S[];
  /** Who besides admin may act. */
  actRoles: OperatorRole[];
  texts: SubmissionTexts<S>;
  /** The queue's own filters, shown after the status: their fields, first values and reading. */
  filters?: { fields: ReactNode; initial: Extra; read: (value: (name: string) => string) => Extra };
  /** Column headings, in the row's order (received, the queue's own cells, status, actions). */
  columns: string[];
  /** The queue's own cells of a row, between the received cell and the status cell. */
  cells: (item: Item) => ReactNode;
  /** The outcome line after a move of `item` succeeded. */
  doneText: (item: Item) => string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const role = session.operator()?.role;
  const mayAct = role !== undefined && canAct(role, actRoles);
  type Filters = { status: S | ''; search: string; from: string; to: string } & Extra;
  const [filters, setFilters] = useState<Filters>(
    () => ({ status: 'new', ...extra?.initial, search: '', from: '', to: '' }) as Filters,
  );
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<ActionOutcome>(null);
  const list = useQuery({
    queryKey: [...queryKey, filters, page],
    queryFn: () =>
      boApi<{ items: Item[]; total: number }>(path, { query: { ...filters, page, size: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    // New submissions show when the operator comes back to the tab.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
  const move = useMutation({
    mutationFn: ({ id, status, note }: { id: string; status: S; note: string }) =>
      boApi<Item>(`${path}/${id}/status`, { method: 'POST', body: note ? { status, note } : { status } }),
    onSuccess: (item) => {
      setMessage({ ok: true, text: doneText(item) });
      void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    },
    onError: (error) => setMessage(failure(error)),
  });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    setPage(1);
    setFilters({
      status: value('status') as S | '',
      ...extra?.read(value),
      search: value('search'),
      from: value('from'),
      to: value('to'),
    } as Filters);
  };

  return (
    <>
      <form className="filters" onSubmit={search}>
        <ChoiceFilter
          id={`${idPrefix}-status`}
          name="status"
          label={texts.statusColumn}
          allLabel={texts.all}
          values={statuses}
          text={texts.status}
          initial={filters.status}
        />
        {extra?.fields}
        <div className="field">
          <label htmlFor={`${idPrefix}-search`}>{texts.search}</label>
          <input id={`${idPrefix}-search`} name="search" maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-from`}>{texts.from}</label>
          <input id={`${idPrefix}-from`} name="from" type="date" />
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-to`}>{texts.to}</label>
          <input id={`${idPrefix}-to`} name="to" type="date" />
        </div>
        <button type="submit">{t('common.search')}</button>
      </form>
      <ActionMessage message={message} />
      <QueryState loading={list.isPending} error={list.error} />
      {list.data ? (
        <>
          {list.data.items.length === 0 ? <p>{t('common.empty')}</p> : null}
          <DataTable headers={columns}>
            {list.data.items.map((item) => (
              <tr key={item.id} data-testid={`${rowTestId}-${item.id}`}>
                <td>
                  #{item.id}
                  <div>{new Date(item.createdAt).toLocaleString()}</div>
                </td>
                {cells(item)}
                <td>
                  {texts.status(item.status)}
                  {item.note ? <div className="wrap">{texts.note(item.note)}</div> : null}
                  {item.handledBy ? <div>{texts.handledBy(item.handledBy)}</div> : null}
                </td>
                <td>
                  {mayAct ? (
                    <ReviewActions
                      id={`${idPrefix}-note-${item.id}`}
                      noteLabel={texts.noteLabel}
                      maxLength={500}
                      busy={move.isPending}
                      {...(noteRequired ? { noteRequired } : {})}
                      moves={transitions[item.status].map((status) => ({
                        status,
                        label: texts.move(status),
                      }))}
                      onMove={(status, note) => move.mutate({ id: item.id, status, note })}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
          <Pagination page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
        </>
      ) : null}
    </>
  );
}
