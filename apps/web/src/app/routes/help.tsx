import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PencilIcon } from '../../components/ui/icons.tsx';
import { paths } from '../../config/paths.ts';
import { HelpCenterView } from '../../features/help/components/HelpCenterView.tsx';
import { withChunkTimeout } from '../../lib/chunk-load.ts';
import './pages.css';

const FeedbackDialog = lazy(() =>
  withChunkTimeout(() => import('../../features/feedback/components/FeedbackDialog.tsx')).then((module) => ({
    default: module.FeedbackDialog,
  })),
);

function FeedbackEntry() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="help__feedback">
      <p>{t('help.feedbackPrompt')}</p>
      <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
        <PencilIcon /> {t('footer.feedback')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FeedbackDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** /help?page=<slug> */
export function HelpPage() {
  return (
    <section className="page">
      <HelpCenterView basePath={paths.help.path} aside={<FeedbackEntry />} />
    </section>
  );
}

/** /helpmc: the same help centre without the site header. */
export function HelpMcPage() {
  return (
    <section className="page page--bare">
      <HelpCenterView basePath={paths.helpMc.path} aside={<FeedbackEntry />} />
    </section>
  );
}
