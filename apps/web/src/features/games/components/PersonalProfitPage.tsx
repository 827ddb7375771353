import type { ProfitFigures } from '@lotus/contracts/games';
import { useTranslation } from 'react-i18next';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { formatBalance } from '../../../lib/money.ts';
import { usePersonalProfit } from '../api/games.ts';
import { categoryLabel } from '../lib/categories.ts';
import { RecordFilters, useRecordSelection } from './RecordFilters.tsx';
import { money, RecordsView, SignedAmount } from './RecordTotals.tsx';
import './games.css';

function FiguresCells({ figures, symbol }: { figures: ProfitFigures; symbol: string }) {
  return (
    <>
      <td>{figures.betCount}</td>
      <td>{formatBalance(figures.stake, symbol) ?? money(figures.stake)}</td>
      <td>{formatBalance(figures.payout, symbol) ?? money(figures.payout)}</td>
      <td>
        <SignedAmount value={figures.profit} symbol={symbol} />
      </td>
    </>
  );
}

/**
 * personalProfit (personal profit and loss): what the member's bets and wins came to, per day (the
 * browser's days) and per category, from the platform's own records.
 */
export function PersonalProfitPage() {
  const { t } = useTranslation();
  useErrorCatalogue();
  const [selection, setSelection] = useRecordSelection();
  const profit = usePersonalProfit({
    from: selection.from,
    to: selection.to,
    gameCategory: selection.gameCategory,
  });
  const profitTable = (
    title: string,
    first: string,
    rows: { key: string; label: string; figures: ProfitFigures }[],
    symbol: string,
  ) => (
    <>
      <h3 className="records-heading">{title}</h3>
      <div className="records-table-wrap">
        <table className="records-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{first}</th>
              <th scope="col">{t('records.betCount')}</th>
              <th scope="col">{t('records.stake')}</th>
              <th scope="col">{t('records.payout')}</th>
              <th scope="col">{t('records.profit')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <FiguresCells figures={row.figures} symbol={symbol} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );

  return (
    <div className="records-page" data-testid="personal-profit">
      <RecordFilters value={selection} withVendor={false} onChange={setSelection} />
      <RecordsView query={profit} result={(totals) => totals.profit} resultLabel={t('records.profit')}>
        {(data) =>
          data.days.length === 0 ? (
            <p className="records-note">{t('records.empty')}</p>
          ) : (
            <>
              {profitTable(
                t('records.byDay'),
                t('records.day'),
                data.days.map((day) => ({ key: day.day, label: day.day, figures: day })),
                data.currencySymbol,
              )}
              {profitTable(
                t('records.byCategory'),
                t('records.category'),
                data.categories.map((row) => ({
                  key: row.gameCategory,
                  label: categoryLabel(t, row.gameCategory),
                  figures: row,
                })),
                data.currencySymbol,
              )}
            </>
          )
        }
      </RecordsView>
    </div>
  );
}
