import {
  AFFILIATE_RULES,
  type AffiliateContact,
  type AffiliateFormInput,
  affiliateFormProblems,
} from '@lotus/contracts/agents';
import { CONTACT_CHANNELS, CONTACT_RULES, type ContactChannel, characterCount } from '@lotus/contracts/cs';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/ui/FieldError.tsx';
import { CHANNEL_INPUT, channelLabel, channelPlaceholder } from '../../../lib/contact-channels.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { useFormSend } from '../../../lib/form-send.ts';
import { useSendApplication } from '../api/send-application.ts';
import './affiliate-application.css';

/** A contact row with a stable key (rows come and go; their channel changes). */
type ContactRow = AffiliateContact & { key: number };

/** The websites or social channels as typed: one per line, blank lines dropped. */
function siteLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * /join's "become an affiliate": the application operators review in the back office (issue 11).
 * Name, one to four different ways to be reached, the websites or social channels the players
 * would come from, the players expected each month and a message; the human check runs on send.
 */
export function AffiliateApplicationForm() {
  const { t } = useTranslation();
  useErrorCatalogue();
  const id = useId();
  const send = useSendApplication();
  const [contacts, setContacts] = useState<ContactRow[]>([{ key: 0, channel: 'whatsapp', value: '' }]);
  const [message, setMessage] = useState('');
  const { errors, busy, problem, sentId, checkAndSend, described } =
    useFormSend<keyof AffiliateFormInput>(id);

  const unused = CONTACT_CHANNELS.filter((c) => !contacts.some((contact) => contact.channel === c));
  const setContact = (index: number, change: Partial<AffiliateContact>) =>
    setContacts((list) => list.map((c, i) => (i === index ? { ...c, ...change } : c)));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const players = String(data.get('monthlyPlayers') ?? '').trim();
    const input: AffiliateFormInput = {
      name: String(data.get('name') ?? ''),
      contacts: contacts.map((c) => ({ channel: c.channel, value: c.value.trim() })),
      sites: siteLines(String(data.get('sites') ?? '')),
      monthlyPlayers: /^\d{1,9}$/.test(players) ? Number(players) : Number.NaN,
      message,
    };
    await checkAndSend(affiliateFormProblems(input), () =>
      send.mutateAsync({ ...input, name: input.name.trim(), message: message.trim() }),
    );
  };

  if (sentId) {
    return (
      <div className="affiliate-form__done" role="status" data-testid="affiliate-sent">
        <p>{t('affiliate.thanks', { id: sentId })}</p>
      </div>
    );
  }

  return (
    <form
      className="affiliate-form"
      onSubmit={submit}
      noValidate
      aria-busy={busy}
      aria-labelledby={`${id}-title`}
      data-testid="affiliate-form"
    >
      <h2 id={`${id}-title`} className="affiliate-form__title">
        {t('affiliate.title')}
      </h2>
      <p className="affiliate-form__lead">{t('affiliate.lead')}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          {t('affiliate.name')}
        </label>
        <input
          id={`${id}-name`}
          name="name"
          className="input"
          autoComplete="name"
          maxLength={CONTACT_RULES.nameMaxLength}
          {...described('name')}
        />
        <FieldError id={`${id}-name-error`} error={errors.name} reserve />
      </div>
      <fieldset className="affiliate-form__group">
        <legend className="field__label">{t('affiliate.contacts')}</legend>
        {contacts.map((contact, index) => {
          const input = CHANNEL_INPUT[contact.channel];
          const label = channelLabel(t, contact.channel);
          return (
            <div className="affiliate-form__contact" key={contact.key}>
              <select
                className="input"
                aria-label={t('affiliate.channel', { n: index + 1 })}
                value={contact.channel}
                onChange={(event) => setContact(index, { channel: event.target.value as ContactChannel })}
              >
                {CONTACT_CHANNELS.filter((c) => c === contact.channel || unused.includes(c)).map((c) => (
                  <option key={c} value={c}>
                    {channelLabel(t, c)}
                  </option>
                ))}
              </select>
              <input
                className="input"
                type={input.type}
                inputMode={input.inputMode}
                autoComplete={input.autoComplete}
                aria-label={label}
                placeholder={channelPlaceholder(t, contact.channel)}
                maxLength={CONTACT_RULES.contactMaxLength}
                value={contact.value}
                onChange={(event) => setContact(index, { value: event.target.value })}
                {...described('contacts')}
              />
              {contacts.length > 1 ? (
                <button
                  type="button"
                  className="button button--ghost affiliate-form__remove"
                  aria-label={t('affiliate.removeContact', { channel: label })}
                  onClick={() => setContacts((list) => list.filter((_, i) => i !== index))}
                >
                  ×
                </button>
              ) : null}
            </div>
          );
        })}
        {contacts.length < AFFILIATE_RULES.maxContacts && unused[0] ? (
          <button
            type="button"
            className="link-button affiliate-form__add"
            onClick={() =>
              setContacts((list) => [
                ...list,
                {
                  key: Math.max(...list.map((c) => c.key)) + 1,
                  channel: unused[0] as ContactChannel,
                  value: '',
                },
              ])
            }
          >
            {t('affiliate.addContact')}
          </button>
        ) : null}
        <FieldError id={`${id}-contacts-error`} error={errors.contacts} reserve />
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-sites`}>
          {t('affiliate.sites')}
        </label>
        <textarea
          id={`${id}-sites`}
          name="sites"
          className="input"
          rows={3}
          placeholder={t('affiliate.sitesPlaceholder')}
          {...described('sites')}
        />
        <p className="field__hint">{t('affiliate.sitesHint', { max: AFFILIATE_RULES.maxSites })}</p>
        <FieldError id={`${id}-sites-error`} error={errors.sites} reserve />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-players`}>
          {t('affiliate.players')}
        </label>
        <input
          id={`${id}-players`}
          name="monthlyPlayers"
          className="input affiliate-form__players"
          type="number"
          inputMode="numeric"
          min={AFFILIATE_RULES.minPlayers}
          max={AFFILIATE_RULES.maxPlayers}
          step={1}
          {...described('monthlyPlayers')}
        />
        <FieldError id={`${id}-monthlyPlayers-error`} error={errors.monthlyPlayers} reserve />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-message`}>
          {t('affiliate.message')}
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          className="input"
          rows={4}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          {...described('message')}
        />
        <p className="field__hint" aria-live="polite">
          {t('affiliate.counter', { used: characterCount(message), max: AFFILIATE_RULES.messageMaxLength })}
        </p>
        <FieldError id={`${id}-message-error`} error={errors.message} reserve />
      </div>
      <button
        type="submit"
        className="button button--primary affiliate-form__submit"
        disabled={busy}
        data-testid="affiliate-submit"
      >
        {busy ? t('affiliate.sending') : t('affiliate.send')}
      </button>
      {busy ? (
        <p className="field__hint" role="status">
          {t('affiliate.humanCheck')}
        </p>
      ) : null}
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
