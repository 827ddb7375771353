import type { ProfitFigures } from '@lotus/contracts/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { usePersonalProfit } from '../api/games.ts';
import { categoryLabel } from '../lib/categories.ts';
import { pickRange, RecordFilters, type RecordSelection } from './RecordFilters.tsx';
import { money, RecordsView, SignedAmount } from './RecordTotals.tsx';
import './games.css';

function FiguresCells({ figures, symbol }: { figures: ProfitFigures; symbol: string }) {
  return (
    <>
      <td>{figures.betCount}</td>
      <td>
        {symbol} {money(figures.stake)}
      </td>
      <td>
        {symbol} {money(figures.payout)}
      </td>
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
  const [selection, setSelection] = useState<RecordSelection>(() => ({
    ...pickRange('past7'),
    gameCategory: '',
    vassalage: '',
  }));
  const profit = usePersonalProfit({
    from: selection.from,
    to: selection.to,
    gameCategory: selection.gameCategory,
  });
  const head = (first: string) => (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col">{t('records.betCount')}</th>
        <th scope="col">{t('records.stake')}</th>
        <th scope="col">{t('records.payout')}</th>
        <th scope="col">{t('records.profit')}</th>
      </tr>
    </thead>
  );

  return (
    <div className="records-page" data-testid="personal-profit">
      <RecordFilters value={selection} withVendor={false} onChange={setSelection} />
      <RecordsView query={profit} result={(totals) => totals.profit} resultLabel={t('records.profit')}>
        {(data) => (
          <>
            {data.days.length === 0 ? (
              <p className="records-note">{t('records.empty')}</p>
            ) : (
              <>
                <h3 className="records-heading">{t('records.byDay')}</h3>
                <div className="records-table-wrap">
                  <table className="records-table">
                    <caption className="visually-hidden">{t('records.byDay')}</caption>
                    {head(t('records.day'))}
                    <tbody>
                      {data.days.map((day) => (
                        <tr key={day.day}>
                          <th scope="row">{day.day}</th>
                          <FiguresCells figures={day} symbol={data.currencySymbol} />
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <h3 className="records-heading">{t('records.byCategory')}</h3>
                <div className="records-table-wrap">
                  <table className="records-table">
                    <caption className="visually-hidden">{t('records.byCategory')}</caption>
                    {head(t('records.category'))}
                    <tbody>
                      {data.categories.map((row) => (
                        <tr key={row.gameCategory}>
                          <th scope="row">{categoryLabel(t, row.gameCategory)}</th>
                          <FiguresCells figures={row} symbol={data.currencySymbol} />
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </>
        )}
      </RecordsView>
    </div>
  );
}
