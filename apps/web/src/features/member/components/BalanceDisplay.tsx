import { useTranslation } from 'react-i18next';
import { useBalance } from '../../../lib/member-data.ts';
import { formatBalance } from '../../../lib/money.ts';
import { toggleBalanceHidden, useBalanceHidden } from '../lib/balance-visibility.ts';

/**
 * The balance of the logged-in bar (spec §2, §9): two decimals, thousands separators, the brand's
 * currency symbol; a click hides it as ***; the refresh link fetches it again. A missing balance
 * call shows "unavailable", never a made-up number.
 */
export function BalanceDisplay({ fallbackSymbol }: { fallbackSymbol: string }) {
  const { t } = useTranslation();
  const balance = useBalance();
  const hidden = useBalanceHidden();
  const text = balance.data
    ? formatBalance(balance.data.sumBalance, balance.data.currencySymbol || fallbackSymbol)
    : null;
  const unavailable =
    balance.isError || (balance.data && text === null) ? t('member.balanceUnavailable') : null;

  return (
    <span className="balance" data-testid="balance">
      <button
        type="button"
        className="balance__value"
        onClick={toggleBalanceHidden}
        data-testid="balance-toggle"
        aria-pressed={hidden}
        aria-label={hidden ? t('member.showBalance') : t('member.hideBalance')}
        disabled={!text}
      >
        {hidden ? '***' : (text ?? unavailable ?? '…')}
      </button>
      <button
        type="button"
        className="link-button balance__refresh"
        onClick={() => void balance.refetch()}
        disabled={balance.isFetching}
        data-testid="balance-refresh"
      >
        {t('member.refresh')}
      </button>
    </span>
  );
}
