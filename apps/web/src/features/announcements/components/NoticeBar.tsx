import type { Announcement } from '@lotus/contracts/system';
import { lazy, Suspense, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MegaphoneIcon } from '../../../components/ui/icons.tsx';
import { withChunkTimeout } from '../../../lib/chunk-load.ts';
import { noticeModalReducer } from '../lib/paging.ts';
import './announcements.css';

const NoticeModal = lazy(() =>
  withChunkTimeout(() => import('./NoticeModal.tsx')).then((module) => ({ default: module.NoticeModal })),
);

/** The scrolling bar of `player` notices on the home page; a click opens that notice in the modal. */
export function NoticeBar({ notices }: { notices: Announcement[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [state, dispatch] = useReducer(noticeModalReducer, { page: 1, selected: null });

  const openAt = (index: number) => {
    dispatch({ type: 'open', index });
    setOpen(true);
  };

  return (
    <section className="notice-bar" aria-label={t('notice.bar')} data-testid="notice-bar">
      <span className="notice-bar__icon">
        <MegaphoneIcon />
      </span>
      <div className="notice-bar__viewport">
        {notices.length === 0 ? (
          <span className="notice-bar__empty">{t('notice.none')}</span>
        ) : (
          <ul className="notice-bar__track">
            {notices.map((notice, index) => (
              <li key={notice.id}>
                <button type="button" className="notice-bar__item" onClick={() => openAt(index)}>
                  {notice.title}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {notices.length > 0 ? (
        <button type="button" className="notice-bar__more" onClick={() => openAt(0)}>
          {t('notice.all')}
        </button>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <NoticeModal
            notices={notices}
            open={open}
            onOpenChange={setOpen}
            state={state}
            dispatch={dispatch}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
