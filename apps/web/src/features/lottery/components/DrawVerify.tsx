import type { LotteryResult } from '@lotus/contracts/lottery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useDrawVerification } from '../api/lottery.ts';
import { browserSubtle, checkDraw } from '../lib/verify.ts';
import { ResultBalls } from './parts.tsx';

/**
 * "Verify in this browser" for a drawn numero: reads the numero's seed, hash and result
 * (`/lgw/lottery/verify`), then recomputes here with Web Crypto, by the server's own algorithm
 * (`@lotus/contracts/lottery-draw`), the seed's SHA-256 (against the hash published when the numero
 * opened) and the draw (against the result shown).
 */
export function DrawVerify({
  gameId,
  numero,
  seedHash,
  result,
}: {
  gameId: string;
  numero: string;
  seedHash: string | null;
  result: LotteryResult | null;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const verification = useDrawVerification(gameId, numero, open);
  const check = useQuery({
    queryKey: ['lottery-browser-check', gameId, numero],
    enabled: verification.isSuccess,
    queryFn: () => checkDraw(verification.data!, browserSubtle(), { seedHash, result }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!open) {
    return (
      <button
        type="button"
        className="button button--ghost lottery-verify__open"
        data-testid="lottery-verify"
        onClick={() => setOpen(true)}
      >
        {t('lottery.verify.open')}
      </button>
    );
  }
  if (verification.isError)
    return <QueryError error={verification.error} onRetry={() => void verification.refetch()} />;
  if (check.isError) return <p role="alert">{t('lottery.verify.failed')}</p>;
  if (!check.data) return <Spinner />;
  const found = check.data;
  if (found.kind === 'unavailable') return <p className="lottery-muted">{t('lottery.verify.unavailable')}</p>;
  if (found.kind === 'not-drawn') return <p className="lottery-muted">{t('lottery.verify.notDrawn')}</p>;
  return (
    <div className="lottery-verify" data-testid="lottery-verify-result">
      <p className="lottery-hash">
        <span>{t('lottery.verify.computedHash')}</span> <code>{found.computedHash}</code>
      </p>
      <p
        className={found.hashMatches ? 'lottery-verify__ok' : 'lottery-verify__bad'}
        data-testid="lottery-verify-hash"
        data-ok={found.hashMatches}
      >
        {found.hashMatches ? t('lottery.verify.hashOk') : t('lottery.verify.hashBad')}
      </p>
      <p className="lottery-hash">
        <span>{t('lottery.verify.recomputed')}</span>
      </p>
      <ResultBalls result={found.recomputed} />
      <p
        className={found.drawMatches ? 'lottery-verify__ok' : 'lottery-verify__bad'}
        data-testid="lottery-verify-draw"
        data-ok={found.drawMatches}
      >
        {found.drawMatches ? t('lottery.verify.drawOk') : t('lottery.verify.drawBad')}
      </p>
    </div>
  );
}
