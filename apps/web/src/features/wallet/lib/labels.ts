import type { TransactionType } from '@lotus/contracts/wallet';
import type { TFunction } from 'i18next';

/** The account record's type names; literal keys so the extractor sees each one. */
export function transactionTypeLabel(t: TFunction, type: TransactionType): string {
  switch (type) {
    case 'deposit':
      return t('history.type.deposit');
    case 'withdrawal':
      return t('history.type.withdrawal');
    case 'withdrawal_return':
      return t('history.type.withdrawal_return');
    case 'bet':
      return t('history.type.bet');
    case 'win':
      return t('history.type.win');
    case 'rollback':
      return t('history.type.rollback');
    case 'adjustment':
      return t('history.type.adjustment');
    case 'transfer_in':
      return t('history.type.transfer_in');
    case 'transfer_out':
      return t('history.type.transfer_out');
    case 'transfer_upline':
      return t('history.type.transfer_upline');
    case 'demo_credit':
      return t('history.type.demo_credit');
    case 'reward':
      return t('history.type.reward');
    case 'forfeit':
      return t('history.type.forfeit');
    case 'other':
      return t('history.type.other');
  }
}

/** yyyy-MM-dd of a local date (the value of an <input type="date">). */
export function localDateValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight starting a yyyy-MM-dd day, `plusDays` later; null for an invalid value. */
export function localMidnight(value: string, plusDays = 0): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** yyyy-MM-dd hh:mm:ss (spec §9 date format) in local time. */
export function formatDateTime(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${localDateValue(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
