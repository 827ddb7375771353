import { ACTIVITY_REMARK_MAX } from '@lotus/contracts/promotions';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { allowMemberAction } from '../../../lib/member-action.ts';
import {
  useApplyPromotion,
  useCancelPromotion,
  useClaimPromotion,
  useDrawRaffle,
} from '../api/promotions.ts';

export type ActionTarget = {
  promotionId: string;
  recordId: string | null;
  canApply: boolean;
  canClaim: boolean;
  canCancel: boolean;
  asksContact: boolean;
  /** A raffle ticket: claiming draws it (MCS2_claimRafflePromotion) and shows the prize. */
  raffle?: boolean;
};

/**
 * The calls to action of a promotion or a record: apply (visitors get the login popup), claim
 * (with a Zalo or WhatsApp id when the promotion asks, spec §5) and cancel (a bonus in wagering is
 * forfeited: the button says so).
 */
export function PromotionActions({
  target,
  inWagering = false,
  withRemark = false,
}: {
  target: ActionTarget;
  inWagering?: boolean;
  /** The promotion's own page: applying may carry an activity remark for the operator. */
  withRemark?: boolean;
}) {
  const { t } = useTranslation();
  const remarkId = useId();
  const [remark, setRemark] = useState('');
  useErrorCatalogue();
  const apply = useApplyPromotion();
  const claim = useClaimPromotion();
  const cancel = useCancelPromotion();
  const raffle = useDrawRaffle();
  const [contactKind, setContactKind] = useState<'zalo' | 'whatsapp'>('zalo');
  const [contactId, setContactId] = useState('');
  const error = apply.error ?? claim.error ?? cancel.error ?? raffle.error;
  const busy = apply.isPending || claim.isPending || cancel.isPending || raffle.isPending;

  const submitClaim = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target.recordId) return;
    if (target.raffle) {
      raffle.mutate(target.recordId);
      return;
    }
    claim.mutate({
      recordId: target.recordId,
      body: target.asksContact ? { contactKind, contactId: contactId.trim() } : {},
    });
  };

  return (
    <div className="promo-actions">
      {target.canApply && withRemark ? (
        <form
          className="promo-actions__apply"
          onSubmit={(event) => {
            event.preventDefault();
            if (allowMemberAction()) apply.mutate({ id: target.promotionId, remark });
          }}
        >
          <label htmlFor={remarkId}>{t('promotions.remark')}</label>
          <textarea
            id={remarkId}
            className="input"
            rows={2}
            maxLength={ACTIVITY_REMARK_MAX}
            value={remark}
            aria-describedby={`${remarkId}-count`}
            onChange={(e) => setRemark(e.target.value)}
          />
          <span id={`${remarkId}-count`} className="promo-actions__count">
            {t('promotions.remarkCount', { n: [...remark].length, max: ACTIVITY_REMARK_MAX })}
          </span>
          <button type="submit" className="button" disabled={busy}>
            {t('promotions.apply')}
          </button>
        </form>
      ) : target.canApply ? (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => {
            if (allowMemberAction()) apply.mutate({ id: target.promotionId });
          }}
        >
          {t('promotions.apply')}
        </button>
      ) : null}
      {target.canClaim && target.recordId ? (
        <form className="promo-actions__claim" onSubmit={submitClaim}>
          {target.asksContact ? (
            <>
              <label>
                {t('promotions.contactKind')}
                <select
                  value={contactKind}
                  onChange={(e) => setContactKind(e.target.value === 'whatsapp' ? 'whatsapp' : 'zalo')}
                >
                  <option value="zalo">Zalo</option>
                  <option value="whatsapp">WhatsApp</option>
                </select>
              </label>
              <label>
                {t('promotions.contactId')}
                <input
                  value={contactId}
                  required
                  minLength={3}
                  maxLength={40}
                  pattern="[A-Za-z0-9_.+\-]{3,40}"
                  onChange={(e) => setContactId(e.target.value)}
                />
              </label>
            </>
          ) : null}
          <button type="submit" className="button" disabled={busy}>
            {target.raffle ? t('promotions.drawRaffle') : t('promotions.claim')}
          </button>
        </form>
      ) : null}
      {target.canCancel && target.recordId ? (
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={() => {
            if (inWagering && !window.confirm(t('promotions.confirmForfeit'))) return;
            if (target.recordId) cancel.mutate(target.recordId);
          }}
        >
          {inWagering ? t('promotions.forfeit') : t('promotions.cancel')}
        </button>
      ) : null}
      {raffle.data ? (
        <p role="status" className="promo-actions__prize" data-testid="raffle-prize">
          {raffle.data.prizeKind === 'points'
            ? t('promotions.rafflePrizePoints', { prize: raffle.data.prize, points: raffle.data.points })
            : t('promotions.rafflePrize', { prize: raffle.data.prize, amount: raffle.data.amount })}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="promo-actions__error">
          {errorText(error)}
        </p>
      ) : null}
    </div>
  );
}
