import type { ContentTexts } from '@lotus/contracts/content';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boApi } from '../../lib/api.ts';

export const LANGS = ['en', 'ms', 'cn'] as const;
export type Lang = (typeof LANGS)[number];
export const EMPTY_TEXTS: ContentTexts = { en: '', ms: '', cn: '' };

type T = ReturnType<typeof useTranslation>['t'];

export function langLabel(t: T, lang: Lang): string {
  if (lang === 'ms') return t('content.lang.ms');
  if (lang === 'cn') return t('content.lang.cn');
  return t('content.lang.en');
}

/** A text in EN, MS and CN (MS and CN may stay empty: the member then sees EN). */
export function TextsFields({
  id,
  label,
  value,
  onChange,
  multiline = false,
  maxLength,
}: {
  id: string;
  label: string;
  value: ContentTexts;
  onChange: (next: ContentTexts) => void;
  multiline?: boolean;
  maxLength: number;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{label}</legend>
      {LANGS.map((lang) => (
        <div className="field" key={lang}>
          <label htmlFor={`${id}-${lang}`}>{langLabel(t, lang)}</label>
          {multiline ? (
            <textarea
              id={`${id}-${lang}`}
              rows={4}
              maxLength={maxLength}
              required={lang === 'en'}
              value={value[lang]}
              onChange={(event) => onChange({ ...value, [lang]: event.target.value })}
            />
          ) : (
            <input
              id={`${id}-${lang}`}
              maxLength={maxLength}
              required={lang === 'en'}
              value={value[lang]}
              onChange={(event) => onChange({ ...value, [lang]: event.target.value })}
            />
          )}
        </div>
      ))}
    </fieldset>
  );
}

/** The text in one language as the member sees it: an empty MS or CN falls back to EN. */
export function shown(texts: ContentTexts, lang: Lang): string {
  return texts[lang].trim() ? texts[lang] : texts.en;
}

/**
 * A preview as the member will see it: the title and, for rich text, the HTML after the server's
 * sanitiser (POST /bo/v1/content/preview), in the language chosen.
 */
export function Preview({ title, html }: { title: ContentTexts; html?: ContentTexts }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Lang>('en');
  const [clean, setClean] = useState<string | null>(null);
  const preview = useMutation({
    mutationFn: (source: string) =>
      boApi<{ html: string }>('/bo/v1/content/preview', { method: 'POST', body: { html: source } }),
    onSuccess: (result) => setClean(result.html),
  });
  const show = (next: Lang) => {
    setLang(next);
    if (html) preview.mutate(shown(html, next));
    else setClean('');
  };
  return (
    <div className="card content-preview">
      <div className="toolbar">
        <span>{t('content.preview')}</span>
        {LANGS.map((l) => (
          <button key={l} type="button" className="secondary" onClick={() => show(l)}>
            {langLabel(t, l)}
          </button>
        ))}
      </div>
      {clean !== null && (
        <article
          aria-label={t('content.previewOf', { lang: langLabel(t, lang) })}
          data-testid="content-preview"
        >
          <h3>{shown(title, lang)}</h3>
          {/* The server's sanitiser's output, shown in a sandbox (no script, no same origin) besides. */}
          {html && (
            <iframe
              className="content-preview-frame"
              title={t('content.previewOf', { lang: langLabel(t, lang) })}
              sandbox=""
              srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:sans-serif;overflow-wrap:anywhere">${clean}</body>`}
            />
          )}
        </article>
      )}
      {preview.error && (
        <p role="alert" className="error">
          {preview.error.message}
        </p>
      )}
    </div>
  );
}
