import type { Execution } from '@lotus/contracts/system';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { withChunkTimeout } from '../../../lib/chunk-load.ts';
import { openModal } from '../../../lib/modals.ts';
import { getSession } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage.ts';
import { useAnnouncements } from '../api/get-announcements.ts';

const AnnouncementPopup = lazy(() =>
  withChunkTimeout(() => import('./AnnouncementPopup.tsx')).then((module) => ({
    default: module.AnnouncementPopup,
  })),
);

/**
 * Fetches the popup list for the current audience and shows it once per session: closing it
 * stores `popupClosed_<execution>` in sessionStorage (spec §3, §4). The layout passes the audience:
 * B for visitors, A for members, F on a member's first login.
 */
export function AnnouncementPopupHost({ execution }: { execution: Execution }) {
  const navigate = useNavigate();
  const [closed, setClosed] = useState(() => storage.popupClosed(execution));
  const announcements = useAnnouncements(execution, !closed);
  const items = announcements.data ?? [];

  const close = () => {
    storage.setPopupClosed(execution);
    setClosed(true);
  };

  if (closed || items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <AnnouncementPopup
        items={items}
        open
        onClose={close}
        onOpenPromotionAnnouncements={() => {
          close();
          // Spec §2: the go-to-promotion button opens the member's reward centre; a visitor sees
          // the promotions page instead (the reward centre needs a session).
          if (getSession().token) openModal({ name: 'memberCentre', page: 'rewardCenter' });
          else navigate(paths.promotions.to());
        }}
      />
    </Suspense>
  );
}
