import type { Announcement } from '@lotus/contracts/system';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeDialog } from '../../../components/ui/NativeDialog.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { SafeHtml } from '../../../components/ui/SafeHtml.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { POPUP_PAGE_SIZE, pageCount, pageSlice } from '../lib/paging.ts';
import './announcements.css';

type AnnouncementPopupProps = {
  items: Announcement[];
  open: boolean;
  onClose: () => void;
  /** Go to promotion: the reward centre for a member, /promotions for a visitor (the host decides). */
  onOpenPromotionAnnouncements: () => void;
};

/**
 * The announcement popup of spec §2: titles on the left (5 a page, pagination only when there is
 * more than one page), the selected title and its HTML on the right, and a button to the
 * announcements of kind 'promotion' for items that carry a promotionType.
 */
export function AnnouncementPopup({
  items,
  open,
  onClose,
  onOpenPromotionAnnouncements,
}: AnnouncementPopupProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const pages = pageCount(items.length, POPUP_PAGE_SIZE);
  const visible = pageSlice(items, page, POPUP_PAGE_SIZE);
  const selected = visible.find((item) => item.id === selectedId) ?? visible[0];

  const changePage = (next: number) => {
    setPage(next);
    setSelectedId(pageSlice(items, next, POPUP_PAGE_SIZE)[0]?.id ?? null);
  };

  return (
    <NativeDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('announcement.title')}
      size="lg"
      testId="announcement-popup"
    >
      <div className="announcement">
        <div className="announcement__menu">
          <ul className="announcement__titles" aria-label={t('announcement.list')}>
            {visible.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="announcement__title-button"
                  aria-current={item.id === selected?.id ? 'true' : undefined}
                  onClick={() => setSelectedId(item.id)}
                >
                  {item.title}
                </button>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pages} onChange={changePage} label={t('announcement.pages')} />
        </div>
        {selected ? (
          <article className="announcement__content" aria-live="polite">
            <h3 className="announcement__heading">{selected.title}</h3>
            <p className="announcement__date">{formatDateTime(selected.timestamp)}</p>
            <SafeHtml className="rich-text" html={selected.content} />
            {selected.promotionType ? (
              <button type="button" className="button button--primary" onClick={onOpenPromotionAnnouncements}>
                {t('announcement.goToPromotion')}
              </button>
            ) : null}
          </article>
        ) : null}
      </div>
    </NativeDialog>
  );
}
