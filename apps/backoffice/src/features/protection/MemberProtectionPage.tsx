import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ProtectionPanel } from './ProtectionPanel.tsx';

/** /members/:id/protection: the member's protection panel (linked from the member's page). */
export default function MemberProtectionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <section aria-labelledby="protection-title">
      <h1 id="protection-title">{t('protection.title')}</h1>
      <p>
        <Link to={`/members/${id}`}>{t('protection.backToMember')}</Link>
      </p>
      <ProtectionPanel memberId={id} />
    </section>
  );
}
