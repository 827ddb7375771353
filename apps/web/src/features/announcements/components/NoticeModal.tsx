import type { Announcement } from '@lotus/contracts/system';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { SafeHtml } from '../../../components/ui/SafeHtml.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { NOTICE_PAGE_SIZE, type NoticeModalAction, type NoticeModalState, pageCount } from '../lib/paging.ts';
import './announcements.css';

type NoticeModalProps = {
  notices: Announcement[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: NoticeModalState;
  dispatch: (action: NoticeModalAction) => void;
};

/** Notices, 9 a page; the selected one is expanded. Used by the modal and by /noticePage. */
export function NoticeList({
  notices,
  state,
  dispatch,
}: {
  notices: Announcement[];
  state: NoticeModalState;
  dispatch: (action: NoticeModalAction) => void;
}) {
  const { t } = useTranslation();
  const pages = pageCount(notices.length, NOTICE_PAGE_SIZE);
  const start = (state.page - 1) * NOTICE_PAGE_SIZE;
  const visible = notices.slice(start, start + NOTICE_PAGE_SIZE);
  return (
    <>
      <ol className="notice-list" start={start + 1}>
        {visible.map((notice, offset) => {
          const index = start + offset;
          const isSelected = state.selected === index;
          return (
            <li key={notice.id} className="notice-list__item" data-selected={isSelected || undefined}>
              <button
                type="button"
                className="notice-list__title"
                aria-expanded={isSelected}
                onClick={() => dispatch({ type: 'select', index: isSelected ? null : index })}
              >
                <span>{notice.title}</span>
                <time className="notice-list__date">{formatDateTime(notice.timestamp)}</time>
              </button>
              {isSelected ? (
                <SafeHtml className="rich-text notice-list__content" html={notice.content} />
              ) : null}
            </li>
          );
        })}
      </ol>
      <Pagination
        page={state.page}
        pageCount={pages}
        onChange={(page) => dispatch({ type: 'page', page })}
        label={t('notice.pages')}
      />
    </>
  );
}

/** The notice modal; its state lives with the opener (see NoticeBar) so opening can pick an index. */
export function NoticeModal({ notices, open, onOpenChange, state, dispatch }: NoticeModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('notice.title')} size="lg" testId="notice-modal">
      <NoticeList notices={notices} state={state} dispatch={dispatch} />
    </Dialog>
  );
}
