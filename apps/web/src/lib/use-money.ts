import { formatBalance } from './money.ts';
import { useSystemStatus } from './system-status.ts';

/**
 * Money for display with the brand's currency symbol (status call, `whitelabel.currencySymbol`), from
 * a decimal string (never a float): "RM 1,234.50". Every amount of the site goes through it or
 * formatBalance, so the site shows one currency label (never the ISO code next to the symbol).
 */
export function useMoney(): (amount: string) => string {
  const status = useSystemStatus();
  const symbol = status.data?.info.whitelabel?.currencySymbol ?? '';
  return (amount) => formatBalance(amount, symbol) ?? amount;
}
