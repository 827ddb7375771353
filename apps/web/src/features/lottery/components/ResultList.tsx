import type { DrawnNumero } from '@lotus/contracts/lottery';
import { useTranslation } from 'react-i18next';
import { DrawVerify } from './DrawVerify.tsx';
import { numeroStatusLabel } from './labels.ts';
import { ResultBalls } from './parts.tsx';

/** The latest draws of a game with the provably fair seed hash and, once drawn, the seed. */
export function ResultList({ items }: { items: readonly DrawnNumero[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="lottery-muted">{t('lottery.noResults')}</p>;
  return (
    <ol className="lottery-results" data-testid="lottery-results">
      {items.map((item, index) => (
        <li key={item.numero} className="lottery-result" data-numero={item.numero}>
          <div className="lottery-result__head">
            <span className="lottery-result__numero">{t('lottery.numero', { numero: item.numero })}</span>
            <span className="lottery-muted">{numeroStatusLabel(t, item.status)}</span>
          </div>
          {/* The latest draw in full; older VN and 4D draws by their first prize only. */}
          {item.result ? <ResultBalls result={item.result} compact={index > 0} /> : null}
          {item.seedHash ? (
            <details className="lottery-fair">
              <summary>{t('lottery.fairness')}</summary>
              <p className="lottery-hash">
                <span>{t('lottery.seedHash')}</span> <code>{item.seedHash}</code>
              </p>
              {item.seed ? (
                <>
                  <p className="lottery-hash">
                    <span>{t('lottery.seed')}</span> <code>{item.seed}</code>
                  </p>
                  <DrawVerify
                    gameId={item.gameId}
                    numero={item.numero}
                    seedHash={item.seedHash}
                    result={item.result}
                  />
                </>
              ) : null}
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
