import { formatDecimalAmount } from '../../../lib/money.ts';
import { useSystemStatus } from '../../../lib/system-status.ts';

/** Money for display: the brand's symbol and two decimals, from a decimal string (never a float). */
export function useMoney(): (amount: string) => string {
  const status = useSystemStatus();
  const symbol = status.data?.info.whitelabel?.currencySymbol ?? '';
  return (amount) => {
    const text = formatDecimalAmount(amount) ?? amount;
    return symbol ? `${symbol} ${text}` : text;
  };
}
