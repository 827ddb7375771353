import type {
  ChasePlanKind,
  ChaseStatus,
  LotteryFamily,
  NumeroStatus,
  OrderStatus,
} from '@lotus/contracts/lottery';
import type { TFunction } from 'i18next';

/** The name of a play type from its engine code (`front3-group6`, `north-xien2`, `4d-big-box`, ...). */
export function playName(t: TFunction, code: string): string {
  const [head = '', ...rest] = code.split('-');
  const tail = rest.join('-');
  if (head === 'pos' && tail === 'straight') return t('lottery.play.posStraight');
  if (head === 'pos' && tail === 'bsoe') return t('lottery.play.posBsoe');
  if (head === 'sum' && tail === 'bsoe') return t('lottery.play.sumBsoe');
  if (head === 'front3' || head === 'mid3' || head === 'back3') {
    const window =
      head === 'front3'
        ? t('lottery.play.front3')
        : head === 'mid3'
          ? t('lottery.play.mid3')
          : t('lottery.play.back3');
    const kind =
      tail === 'straight'
        ? t('lottery.play.straight')
        : tail === 'group3'
          ? t('lottery.play.group3')
          : t('lottery.play.group6');
    return `${window} ${kind}`;
  }
  if (head === 'dice') {
    switch (tail) {
      case 'sum':
        return t('lottery.play.diceSum');
      case 'big-small':
        return t('lottery.play.diceBigSmall');
      case 'triple-any':
        return t('lottery.play.diceTripleAny');
      case 'triple':
        return t('lottery.play.diceTriple');
      case 'pair':
        return t('lottery.play.dicePair');
      case 'two':
        return t('lottery.play.diceTwo');
    }
  }
  if (head === 'north' || head === 'south') {
    switch (tail) {
      case 'lo2':
        return t('lottery.play.lo2');
      case 'de':
        return t('lottery.play.de');
      case 'de-dau':
        return t('lottery.play.deDau');
      case '3cang':
        return t('lottery.play.cang3');
      case 'dau':
        return t('lottery.play.dau');
      case 'duoi':
        return t('lottery.play.duoi');
      case 'xien2':
        return t('lottery.play.xien', { k: 2 });
      case 'xien3':
        return t('lottery.play.xien', { k: 3 });
      case 'xien4':
        return t('lottery.play.xien', { k: 4 });
    }
  }
  if (head === '4d') {
    const size = rest[0] === 'big' ? t('lottery.play.big4d') : t('lottery.play.small4d');
    const kind =
      rest[1] === 'straight'
        ? t('lottery.play.straight')
        : rest[1] === 'box'
          ? t('lottery.play.box')
          : t('lottery.play.ibox');
    return `${size} ${kind}`;
  }
  return code;
}

/** A ball's label on the picker: big/small/odd/even and "any triple" in words, numbers as they are. */
export function tokenLabel(t: TFunction, token: string): string {
  switch (token) {
    case 'B':
      return t('lottery.token.big');
    case 'S':
      return t('lottery.token.small');
    case 'O':
      return t('lottery.token.odd');
    case 'E':
      return t('lottery.token.even');
    case 'ANY':
      return t('lottery.token.anyTriple');
    default:
      return token;
  }
}

/** A prize tier's name (odds and VN/4D results). */
export function tierLabel(t: TFunction, tier: string): string {
  const sum = /^sum-(\d+)$/.exec(tier);
  if (sum) return t('lottery.tier.sum', { sum: sum[1] });
  switch (tier) {
    case 'hit':
      return t('lottery.tier.hit');
    case 'special':
      return t('lottery.tier.special');
    case 'first':
      return t('lottery.tier.first');
    case 'second':
      return t('lottery.tier.second');
    case 'third':
      return t('lottery.tier.third');
    case 'fourth':
      return t('lottery.tier.fourth');
    case 'fifth':
      return t('lottery.tier.fifth');
    case 'sixth':
      return t('lottery.tier.sixth');
    case 'seventh':
      return t('lottery.tier.seventh');
    case 'eighth':
      return t('lottery.tier.eighth');
    case 'starter':
      return t('lottery.tier.starter');
    case 'consolation':
      return t('lottery.tier.consolation');
    default:
      return tier;
  }
}

export function familyLabel(t: TFunction, family: LotteryFamily | string): string {
  switch (family) {
    case 'digits':
    case 'fast':
      return t('lottery.family.digits');
    case 'dice':
      return t('lottery.family.dice');
    case 'vn-north':
      return t('lottery.family.vnNorth');
    case 'vn-south':
      return t('lottery.family.vnSouth');
    case 'sea4d':
      return t('lottery.family.sea4d');
    default:
      return family;
  }
}

export function orderStatusLabel(t: TFunction, status: OrderStatus): string {
  switch (status) {
    case 'placed':
      return t('lottery.orderStatus.placed');
    case 'won':
      return t('lottery.orderStatus.won');
    case 'lost':
      return t('lottery.orderStatus.lost');
    case 'cancelled':
      return t('lottery.orderStatus.cancelled');
    case 'refunded':
      return t('lottery.orderStatus.refunded');
  }
}

export function numeroStatusLabel(t: TFunction, status: NumeroStatus): string {
  switch (status) {
    case 'open':
      return t('lottery.numeroStatus.open');
    case 'closed':
      return t('lottery.numeroStatus.closed');
    case 'drawn':
      return t('lottery.numeroStatus.drawn');
    case 'settled':
      return t('lottery.numeroStatus.settled');
    case 'cancelled':
      return t('lottery.numeroStatus.cancelled');
  }
}

export function chasePlanLabel(t: TFunction, kind: ChasePlanKind): string {
  switch (kind) {
    case 'same':
      return t('lottery.chase.plan.same');
    case 'double':
      return t('lottery.chase.plan.double');
    case 'profit':
      return t('lottery.chase.plan.profit');
  }
}

export function chaseStatusLabel(t: TFunction, status: ChaseStatus): string {
  switch (status) {
    case 'active':
      return t('lottery.chase.status.active');
    case 'completed':
      return t('lottery.chase.status.completed');
    case 'won_stopped':
      return t('lottery.chase.status.wonStopped');
    case 'abandoned':
      return t('lottery.chase.status.abandoned');
    case 'cancelled':
      return t('lottery.chase.status.cancelled');
  }
}

export function chaseStepStatusLabel(
  t: TFunction,
  status: 'pending' | 'placed' | 'skipped' | 'cancelled',
): string {
  switch (status) {
    case 'pending':
      return t('lottery.chase.step.pending');
    case 'placed':
      return t('lottery.chase.step.placed');
    case 'skipped':
      return t('lottery.chase.step.skipped');
    case 'cancelled':
      return t('lottery.chase.step.cancelled');
  }
}

/**
 * A prize mode's name as players read it: the wire codes (LOTT, ZY, ELOTT, SEA, prizeModeId) stay
 * on the wire, never on the page.
 */
export function prizeModeLabel(t: TFunction, mode: string): string {
  switch (mode.toUpperCase()) {
    case 'LOTT':
      return t('lottery.prizeModes.lott');
    case 'ZY':
      return t('lottery.prizeModes.zy');
    case 'ELOTT':
      return t('lottery.prizeModes.elott');
    case 'SEA':
      return t('lottery.prizeModes.sea');
    default:
      return t('lottery.prizeModes.other');
  }
}
