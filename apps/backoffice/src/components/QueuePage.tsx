import type { OperatorRole } from '@lotus/contracts/backoffice';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type FormEvent, type ReactNode, useState } from 'react';
import { boApi } from '../lib/api.ts';
import { canAct } from '../lib/roles.ts';
import { session } from '../lib/session.ts';
import { ActionMessage, type ActionOutcome, failure } from './ActionMessage.tsx';
import { Pagination } from './Pagination.tsx';
import { QueryState } from './QueryState.tsx';
import { RejectWithReason } from './RejectWithReason.tsx';

const PAGE_SIZE = 20;

/**
 * An operator's action on one item: `POST <path>/<id>/<kind>` with the other fields as the JSON
 * body (none: no body). `{ kind: 'reject', reason }` is what the reject-with-reason field sends.
 */
export type QueueAction = { kind: string } & Record<string, string>;

/** What QueuePage hands each row of its table. */
export type QueueRowProps<Item, Action extends QueueAction> = {
  item: Item;
  /** The operator's role may act on the queue (the server checks again). */
  mayAct: boolean;
  /** An action is on its way: the row's buttons wait. */
  busy: boolean;
  act: (action: Action) => void;
  /** The reason field and Reject button of this row; it sends `{ kind: 'reject', reason }`. */
  rejectWithReason: ReactNode;
};

/**
 * A review queue of the back office (deposits, withdrawals, point exchanges): a filter form, the table of one page
 * of items, paging, the outcome of the last action, and reject-with-reason. The list refreshes
 * when the operator comes back to the tab and after every action. The page brings its filter
 * fields, columns and row; `path` is its API collection (`/bo/v1/deposits`).
 */
export function QueuePage<
  Item extends { id: string },
  Filters extends Record<string, string>,
  Action extends QueueAction,
>({
  name,
  title,
  path,
  initialFilters,
  filterFields,
  readFilters,
  searchLabel,
  emptyText,
  columns,
  doneText,
  reject,
  actRoles,
  row: Row,
}: {
  /** The queue's word (`deposits`): query key, heading id, `bo-<name>` test id. */
  name: string;
  title: string;
  path: string;
  initialFilters: Filters;
  /** The filter form's fields (uncontrolled, shown with the initial filters). */
  filterFields: ReactNode;
  readFilters: (data: FormData) => Filters;
  searchLabel: string;
  emptyText: string;
  /** Column headings, in the row's order. */
  columns: string[];
  /** The outcome line after an action on `item` succeeded. */
  doneText: (item: Item) => string;
  /** The reject field of each row: its label (also the placeholder), button text and length. */
  reject: { idPrefix: string; label: string; button: string; maxLength: number };
  /** Who besides admin may act. */
  actRoles: OperatorRole[];
  row: ComponentType<QueueRowProps<Item, Action>>;
}) {
  const queryClient = useQueryClient();
  const role = session.operator()?.role;
  const mayAct = role !== undefined && canAct(role, actRoles);
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<ActionOutcome>(null);

  const list = useQuery({
    queryKey: [name, filters, page],
    // The queue refreshes when the operator comes back to the tab.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    queryFn: () =>
      boApi<{ items: Item[]; total: number }>(path, { query: { ...filters, page, size: PAGE_SIZE } }),
  });

  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: QueueAction }) => {
      const { kind, ...body } = action;
      return boApi<Item>(`${path}/${id}/${kind}`, {
        method: 'POST',
        body: Object.keys(body).length > 0 ? body : undefined,
      });
    },
    onSuccess: (item) => {
      setMessage({ ok: true, text: doneText(item) });
      void queryClient.invalidateQueries({ queryKey: [name] });
    },
    onError: (error) => setMessage(failure(error)),
  });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPage(1);
    setFilters(readFilters(new FormData(event.currentTarget)));
  };

  return (
    <section aria-labelledby={`${name}-title`} data-testid={`bo-${name}`}>
      <h1 id={`${name}-title`}>{title}</h1>
      <form className="filters" onSubmit={search}>
        {filterFields}
        <button type="submit">{searchLabel}</button>
      </form>
      <ActionMessage message={message} />
      <QueryState loading={list.isPending} error={list.error} />
      {list.data ? (
        <>
          {list.data.items.length === 0 ? <p>{emptyText}</p> : null}
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((item) => {
                  const run = (action: QueueAction) => act.mutate({ id: item.id, action });
                  return (
                    <Row
                      key={item.id}
                      item={item}
                      mayAct={mayAct}
                      busy={act.isPending}
                      act={run}
                      rejectWithReason={
                        <RejectWithReason
                          id={`${reject.idPrefix}-reason-${item.id}`}
                          label={reject.label}
                          button={reject.button}
                          maxLength={reject.maxLength}
                          busy={act.isPending}
                          onReject={(reason) => run({ kind: 'reject', reason })}
                        />
                      }
                    />
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

/** A row's decision cell while the item waits: the accept button and the reject-with-reason field. */
export function DecideCell({
  open,
  busy,
  acceptLabel,
  onAccept,
  rejectWithReason,
}: {
  /** The operator may act and the item waits for a decision. */
  open: boolean;
  busy: boolean;
  acceptLabel: string;
  onAccept: () => void;
  rejectWithReason: ReactNode;
}) {
  return (
    <td>
      {open ? (
        <div className="actions">
          <button type="button" disabled={busy} onClick={onAccept}>
            {acceptLabel}
          </button>
          {rejectWithReason}
        </div>
      ) : null}
    </td>
  );
}
