import { FEEDBACK_RULES } from '@lotus/contracts/system';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { catalogueText, errorText } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { useSubmitFeedback } from '../api/submit-feedback.ts';
import { validateFeedback } from '../lib/validate-feedback.ts';
import './feedback.css';

/** Feedback form: 1..140 characters with a counter, up to 3 png/jpg images under 5 MB each. */
export function FeedbackDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  useErrorCatalogue();
  const id = useId();
  const [content, setContent] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useSubmitFeedback();
  const length = [...content].length;

  const reset = () => {
    setContent('');
    setImages([]);
    setProblem(null);
    mutation.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = validateFeedback(content, images);
    if (code) {
      setProblem(catalogueText(code));
      return;
    }
    setProblem(null);
    mutation.mutate({ content: content.trim(), images });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={t('feedback.title')}
      description={t('feedback.lead')}
      testId="feedback-dialog"
    >
      {mutation.isSuccess ? (
        <div className="feedback__done" role="status">
          <p>{t('feedback.thanks')}</p>
          <button type="button" className="button button--primary" onClick={reset}>
            {t('feedback.another')}
          </button>
        </div>
      ) : (
        <form className="feedback" onSubmit={submit} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-content`}>
              {t('feedback.content')}
            </label>
            <textarea
              id={`${id}-content`}
              className="input feedback__text"
              rows={5}
              value={content}
              maxLength={FEEDBACK_RULES.maxLength}
              onChange={(event) => setContent(event.target.value)}
              aria-describedby={`${id}-counter`}
            />
            <p id={`${id}-counter`} className="feedback__counter" aria-live="polite">
              {t('feedback.counter', { used: length, max: FEEDBACK_RULES.maxLength })}
            </p>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-images`}>
              {t('feedback.images')}
            </label>
            <input
              id={`${id}-images`}
              type="file"
              className="input"
              accept="image/png,image/jpeg"
              multiple
              onChange={(event) => setImages([...(event.target.files ?? [])])}
              aria-describedby={`${id}-images-hint`}
            />
            <p id={`${id}-images-hint`} className="field__hint">
              {t('feedback.imagesHint', { max: FEEDBACK_RULES.maxImages })}
            </p>
            {images.length > 0 ? (
              <ul className="feedback__files">
                {images.map((image) => (
                  <li key={`${image.name}-${image.size}`}>{image.name}</li>
                ))}
              </ul>
            ) : null}
          </div>
          {problem || mutation.isError ? (
            <p className="field__error" role="alert">
              {problem ?? errorText(mutation.error)}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={mutation.isPending}>
            {mutation.isPending ? t('feedback.sending') : t('feedback.send')}
          </button>
        </form>
      )}
    </Dialog>
  );
}
