import type { LotteryChase } from '@lotus/contracts/lottery';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/use-money.ts';
import { chaseStepStatusLabel } from './labels.ts';

/** A chase's steps: the draw each was placed on, its multiple, stake and state. */
export function ChaseSteps({ chase }: { chase: LotteryChase }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className="lottery-table-wrap">
      <table className="lottery-table" data-testid="lottery-chase-steps">
        <thead>
          <tr>
            <th scope="col">{t('lottery.chase.stepColumn')}</th>
            <th scope="col">{t('lottery.detail.draw')}</th>
            <th scope="col">{t('lottery.multiple')}</th>
            <th scope="col">{t('lottery.stake')}</th>
            <th scope="col">{t('lottery.detail.status')}</th>
          </tr>
        </thead>
        <tbody>
          {chase.steps.map((step) => (
            <tr key={step.step} data-status={step.status}>
              <td>{step.step}</td>
              <td>{step.numero ?? '-'}</td>
              <td>×{step.multiple}</td>
              <td>{money(step.amount)}</td>
              <td>{chaseStepStatusLabel(t, step.status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
