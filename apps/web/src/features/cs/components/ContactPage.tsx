import {
  CONTACT_CATEGORIES,
  CONTACT_CHANNELS,
  CONTACT_RULES,
  type ContactCategory,
  type ContactChannel,
  type ContactStatus,
  characterCount,
  contactFormProblems,
} from '@lotus/contracts/cs';
import type { CustomerServiceItem } from '@lotus/contracts/system';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/ui/FieldError.tsx';
import { CHANNEL_INPUT, channelLabel, channelPlaceholder } from '../../../lib/contact-channels.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { useFormSend } from '../../../lib/form-send.ts';
import { getSession, subscribeSession } from '../../../lib/session.ts';
import { useSystemStatus } from '../../../lib/system-status.ts';
import { useContactRequests } from '../api/get-contact-requests.ts';
import { type ContactInput, useSendContact } from '../api/send-contact.ts';
import './contact.css';

export function categoryLabel(t: TFunction, category: ContactCategory): string {
  switch (category) {
    case 'account':
      return t('contact.category.account');
    case 'payment':
      return t('contact.category.payment');
    case 'games':
      return t('contact.category.games');
    case 'promotion':
      return t('contact.category.promotion');
    case 'technical':
      return t('contact.category.technical');
    case 'other':
      return t('contact.category.other');
  }
}

function statusLabel(t: TFunction, status: ContactStatus): string {
  switch (status) {
    case 'new':
      return t('contact.status.new');
    case 'in_progress':
      return t('contact.status.inProgress');
    case 'closed':
      return t('contact.status.closed');
  }
}

/** The brand's other channels (WhatsApp, Telegram) as plain links beside the form. */
function OtherChannels({ items }: { items: CustomerServiceItem[] }) {
  const { t } = useTranslation();
  const links = items.filter(
    (item) => (item.csType === 'WHATSAPP' || item.csType === 'TELEGRAM') && /^https:\/\//.test(item.path),
  );
  if (links.length === 0) return null;
  return (
    <p className="contact__others">
      {t('contact.otherChannels')}{' '}
      {links.map((item, index) => (
        <span key={item.csType}>
          {index > 0 ? ' · ' : null}
          <a href={item.path} target="_blank" rel="noopener noreferrer">
            {item.csType === 'WHATSAPP' ? t('cs.whatsapp') : t('cs.telegram')}
          </a>
        </span>
      ))}
    </p>
  );
}

function MyRequests() {
  const { t, i18n } = useTranslation();
  const requests = useContactRequests(true);
  if (!requests.data || requests.data.length === 0) return null;
  return (
    <section className="contact__mine" aria-labelledby="contact-mine-title">
      <h2 id="contact-mine-title" className="contact__subtitle">
        {t('contact.mine')}
      </h2>
      <ul className="contact__list">
        {requests.data.map((request) => (
          <li key={request.id} className="contact__item" data-testid={`contact-request-${request.id}`}>
            <span className="contact__item-head">
              <span>{categoryLabel(t, request.category)}</span>
              <span className={`contact__status contact__status--${request.status}`}>
                {statusLabel(t, request.status)}
              </span>
            </span>
            <span className="contact__item-text">{request.message}</span>
            <time className="contact__item-time" dateTime={request.createdAt}>
              {new Date(request.createdAt).toLocaleString(i18n.language === 'CN' ? 'zh-CN' : undefined)}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /contact: live chat's stand-in until the chat room exists (issue 11). A visitor or member leaves
 * a name, one way to be reached, a category and a message; customer service answers from the back
 * office. No site header: it is the 440x750 customer window and a 360 px phone page.
 */
export function ContactPage() {
  const { t } = useTranslation();
  useErrorCatalogue();
  const id = useId();
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  const loggedIn = !!session.token;
  const status = useSystemStatus();
  const send = useSendContact();
  const [channel, setChannel] = useState<ContactChannel>('mobile');
  const [message, setMessage] = useState('');
  const { errors, busy, problem, sentId, checkAndSend, described, reset } =
    useFormSend<keyof ContactInput>(id);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input: ContactInput = {
      name: String(data.get('name') ?? ''),
      category: String(data.get('category') ?? 'other') as ContactCategory,
      channel,
      contact: String(data.get('contact') ?? ''),
      message,
    };
    await checkAndSend(contactFormProblems(input), () =>
      send.mutateAsync({ ...input, name: input.name.trim(), message: input.message.trim() }),
    );
  };

  const again = () => {
    reset();
    setMessage('');
    send.reset();
  };

  const field = (name: keyof ContactInput) => ({ id: `${id}-${name}`, name, ...described(name) });
  const input = CHANNEL_INPUT[channel];

  return (
    <section className="contact" aria-labelledby={`${id}-title`} data-testid="contact-page">
      <h1 id={`${id}-title`} className="contact__title">
        {t('contact.title')}
      </h1>
      <p className="contact__lead">{t('contact.lead')}</p>
      {loggedIn ? (
        <p className="contact__signed">{t('contact.signedIn', { account: session.account })}</p>
      ) : null}
      {sentId ? (
        <div className="contact__done" role="status" data-testid="contact-sent">
          <p>{t('contact.thanks', { id: sentId })}</p>
          <button type="button" className="button button--ghost" onClick={again}>
            {t('contact.another')}
          </button>
        </div>
      ) : (
        <form className="contact__form" onSubmit={submit} noValidate aria-busy={busy}>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-name`}>
              {t('contact.name')}
            </label>
            <input
              {...field('name')}
              className="input"
              autoComplete="name"
              maxLength={CONTACT_RULES.nameMaxLength}
            />
            <FieldError id={`${id}-name-error`} error={errors.name} reserve />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-category`}>
              {t('contact.categoryLabel')}
            </label>
            <select {...field('category')} className="input" defaultValue="account">
              {CONTACT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {categoryLabel(t, category)}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="contact__reach">
            <legend className="field__label">{t('contact.reach')}</legend>
            <div className="contact__reach-row">
              <select
                id={`${id}-channel`}
                name="channel"
                className="input contact__channel"
                aria-label={t('contact.channel')}
                value={channel}
                onChange={(event) => setChannel(event.target.value as ContactChannel)}
              >
                {CONTACT_CHANNELS.map((c) => (
                  <option key={c} value={c}>
                    {channelLabel(t, c)}
                  </option>
                ))}
              </select>
              <input
                {...field('contact')}
                key={channel}
                className="input"
                type={input.type}
                inputMode={input.inputMode}
                autoComplete={input.autoComplete}
                placeholder={channelPlaceholder(t, channel)}
                aria-label={channelLabel(t, channel)}
                maxLength={CONTACT_RULES.contactMaxLength}
              />
            </div>
            <FieldError id={`${id}-contact-error`} error={errors.contact} reserve />
          </fieldset>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-message`}>
              {t('contact.message')}
            </label>
            <textarea
              {...field('message')}
              className="input contact__message"
              rows={5}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
            <p className="contact__counter" aria-live="polite">
              {t('contact.counter', { used: characterCount(message), max: CONTACT_RULES.messageMaxLength })}
            </p>
            <FieldError id={`${id}-message-error`} error={errors.message} reserve />
          </div>
          <button
            type="submit"
            className="button button--primary contact__submit"
            disabled={busy}
            data-testid="contact-submit"
          >
            {busy ? t('contact.sending') : t('contact.send')}
          </button>
          {busy ? (
            <p className="contact__note" role="status">
              {t('contact.humanCheck')}
            </p>
          ) : null}
          {problem ? (
            <p className="contact__note field__error" role="alert">
              {problem}
            </p>
          ) : null}
        </form>
      )}
      <OtherChannels items={status.data?.info.customerService ?? []} />
      {loggedIn ? <MyRequests /> : null}
    </section>
  );
}
