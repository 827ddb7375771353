/**
 * The one currency label of every page, the member site's and the games' alike: the brand's
 * currency symbol (`brands.currency_symbol`, "RM") before the formatted amount, "RM 1,234.50".
 * Kept apart from money.ts (no typebox) so the house vendor's game pages can import it too.
 * A label that is not a short plain symbol (none, or forged) leaves the amount bare.
 */
export function withCurrencyLabel(amountText: string, label: string | null | undefined): string {
  const clean = (label ?? '').trim();
  if (clean === '' || clean.length > 8 || /[\p{Cc}<>]/u.test(clean)) return amountText;
  return `${clean} ${amountText}`;
}
