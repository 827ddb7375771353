import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SafeHtml } from '../../components/ui/SafeHtml.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { paths } from '../../config/paths.ts';
import { AffiliateApplicationForm } from '../../features/agents/components/AffiliateApplicationForm.tsx';
import { joinLinksToForm } from '../../features/agents/lib/join-links.ts';
import { useHelpCenter } from '../../features/help/api/get-help-center.ts';
import './pages.css';

const APPLY_ID = 'apply';

/** /join: the affiliate programme (help article `affiliates`) and its application form. */
export function Component() {
  const { t } = useTranslation();
  const help = useHelpCenter();
  const article = help.data?.categories.flatMap((c) => c.articles).find((a) => a.slug === 'affiliates');
  return (
    <section className="page join" aria-labelledby="join-title">
      <div className="join__hero">
        <p className="welcome__eyebrow">{t('join.eyebrow')}</p>
        <h1 id="join-title" className="page__title">
          {t('join.title')}
        </h1>
        <p className="page__lead">{t('join.lead')}</p>
        <ul className="join__perks">
          <li>{t('join.perkCommission')}</li>
          <li>{t('join.perkSalary')}</li>
          <li>{t('join.perkTeam')}</li>
        </ul>
        <div className="welcome__actions">
          <a className="button button--primary button--large" href={`#${APPLY_ID}`}>
            {t('join.cta')}
          </a>
          <Link className="button button--ghost button--large" to={paths.help.to('affiliates')}>
            {t('join.terms')}
          </Link>
        </div>
      </div>
      <div id={APPLY_ID} className="join__apply">
        <AffiliateApplicationForm />
      </div>
      {help.isPending ? (
        <Spinner />
      ) : article ? (
        <SafeHtml className="rich-text card" html={joinLinksToForm(article.content, APPLY_ID)} />
      ) : null}
    </section>
  );
}
