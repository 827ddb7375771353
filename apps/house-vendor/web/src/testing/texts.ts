/** Every catalogue of the game pages: one file per feature and language (locales/<LANG>/<namespace>.json). */
const CATALOGUES = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/**
 * A language's texts as the pages read them (the build merges the same files into one JSON,
 * scripts/vite-locale-texts.ts): each feature's catalogue under its namespace's name, so
 * `t('live.grid')` reads `live.json`'s `grid`.
 */
export function languageTexts(code: string): Record<string, unknown> {
  const texts: Record<string, unknown> = {};
  for (const [file, catalogue] of Object.entries(CATALOGUES).sort(([a], [b]) => a.localeCompare(b))) {
    const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (language !== code || !namespace) continue;
    if (namespace === 'translation') Object.assign(texts, catalogue);
    else texts[namespace] = catalogue;
  }
  return texts;
}

/** i18next resources of the three languages, for tests that start their own instance. */
export function testResources(): Record<string, { translation: Record<string, unknown> }> {
  return Object.fromEntries(['EN', 'MS', 'CN'].map((code) => [code, { translation: languageTexts(code) }]));
}
