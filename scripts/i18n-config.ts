import { defineConfig } from 'i18next-cli';

type Tree = { [key: string]: string | Tree };
/** What the plugin reads of each synced locale file. */
type SyncResult = { path: string; newTranslations: unknown };

function emptyKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? value.trim()
        ? []
        : [`${prefix}${key}`]
      : emptyKeys(value, `${prefix}${key}.`),
  );
}

/**
 * The translation-key set-up of every React app of the monorepo (apps/web, apps/backoffice). Keys
 * are extracted from the source, never added by hand. `extract --ci` fails when a key used in the
 * code is missing from a locale file or a key in a file is no longer used; the plugin below also
 * fails when any locale has an empty text, so EN, MS and CN stay complete. Error texts are not here:
 * they come from the shared catalogue in @lotus/contracts (namespace `errors`).
 * `preservePatterns`: keys an app reads from data (menu entries, statuses) rather than literals;
 * `sourceDir`: where the app's code and locales live, relative to the app (the house vendor's
 * pages are under web/src).
 */
export function appI18nConfig(preservePatterns: string[] = [], sourceDir = 'src') {
  return defineConfig({
    locales: ['EN', 'MS', 'CN'],
    extract: {
      input: [`${sourceDir}/**/*.{ts,tsx}`],
      ignore: [`${sourceDir}/**/*.test.{ts,tsx}`, `${sourceDir}/testing/**`],
      output: `${sourceDir}/locales/{{language}}/{{namespace}}.json`,
      defaultNS: 'translation',
      primaryLanguage: 'EN',
      keySeparator: '.',
      nsSeparator: ':',
      removeUnusedKeys: true,
      ...(preservePatterns.length > 0 ? { preservePatterns } : {}),
      sort: true,
      indentation: 2,
      defaultValue: '',
    },
    plugins: [
      {
        name: 'complete-translations',
        afterSync: (results: SyncResult[]) => {
          const missing = results.flatMap((result) =>
            emptyKeys(result.newTranslations as Tree).map((key) => `${result.path}: ${key}`),
          );
          if (missing.length > 0) {
            throw new Error(`Untranslated keys (fill every locale):\n  ${missing.join('\n  ')}`);
          }
        },
      },
    ],
  });
}
