import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liveApi } from './api.ts';
import { type LiveCheck, type LiveVerification, verifyLive } from './verify.ts';

/**
 * `/verify?live=<round or seat id>`: a live round's fairness data and its recomputation in this
 * browser (verify.ts). Its own chunk, so the slots' verification page does not grow.
 */
export default function LiveVerifyPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const [round, setRound] = useState<LiveVerification | null>(null);
  const [check, setCheck] = useState<LiveCheck | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    liveApi
      .round(id)
      .then(async (data) => {
        const view = data as unknown as LiveVerification;
        setRound(view);
        setCheck(await verifyLive(view));
      })
      .catch(() => setFailed(true));
  }, [id]);
  return (
    <main className="page">
      <h1>{t('live.verify.title')}</h1>
      {failed && <p role="alert">{t('live.verify.notFound')}</p>}
      {round && (
        <dl className="facts">
          <dt>{t('live.verify.table')}</dt>
          <dd>{t(`live.tables.${round.table}`, { defaultValue: round.table })}</dd>
          <dt>{t('live.verify.round')}</dt>
          <dd>#{round.number}</dd>
          <dt>{t('live.verify.commitment')}</dt>
          <dd className="mono">{round.commitment}</dd>
          <dt>{t('live.verify.seed')}</dt>
          <dd className="mono">{round.roundSeed ?? round.shoeSeeds?.serverSeed ?? '—'}</dd>
          <dt>{t('live.verify.stored')}</dt>
          <dd className="mono">{round.result ? JSON.stringify(round.result) : '—'}</dd>
        </dl>
      )}
      {check?.kind === 'not_revealed' && <p>{t('live.verify.notRevealed')}</p>}
      {check?.kind === 'hash' && (
        <p className="message" role="alert">
          {t('live.verify.hashFailed')}
        </p>
      )}
      {check?.kind === 'ok' && (
        <>
          <p className="mono">{JSON.stringify(check.recomputed)}</p>
          <p className={check.matches === false ? 'message' : 'ok'} role="status">
            {check.matches === null
              ? t('live.verify.noResult')
              : check.matches
                ? t('live.verify.matches')
                : t('live.verify.differs')}
          </p>
        </>
      )}
    </main>
  );
}
