import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { QueryError } from '../../components/ui/QueryError.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useNotices } from '../../features/announcements/api/get-notices.ts';
import { NoticeList } from '../../features/announcements/components/NoticeModal.tsx';
import { noticeModalReducer } from '../../features/announcements/lib/paging.ts';
import './pages.css';

/** /noticePage: every player notice, 9 a page. */
export function Component() {
  const { t } = useTranslation();
  const notices = useNotices();
  const [state, dispatch] = useReducer(noticeModalReducer, { page: 1, selected: null });
  return (
    <section className="page" aria-labelledby="notices-title">
      <h1 id="notices-title" className="page__title">
        {t('notice.title')}
      </h1>
      {notices.isPending ? (
        <Spinner />
      ) : notices.isError ? (
        <QueryError error={notices.error} onRetry={() => notices.refetch()} />
      ) : notices.data.player.length === 0 ? (
        <EmptyState title={t('notice.none')} />
      ) : (
        <NoticeList notices={notices.data.player} state={state} dispatch={dispatch} />
      )}
    </section>
  );
}
