import { defineConfig } from 'i18next-cli';

type Tree = { [key: string]: string | Tree };

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
 * Keys are extracted from the source, never added by hand. `extract --ci` fails when a key used in
 * the code is missing from a locale file or a key in a file is no longer used; the plugin below also
 * fails when any locale has an empty text, so EN, MS and CN stay complete. Error texts are not here:
 * they come from the shared catalogue in @lotus/contracts (namespace `errors`). Feature folders of
 * other areas add their keys under their own top-level key (`deposits.*`, `withdrawals.*`).
 */
export default defineConfig({
  locales: ['EN', 'MS', 'CN'],
  extract: {
    input: ['src/**/*.{ts,tsx}'],
    ignore: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    output: 'src/locales/{{language}}/{{namespace}}.json',
    defaultNS: 'translation',
    primaryLanguage: 'EN',
    keySeparator: '.',
    nsSeparator: ':',
    removeUnusedKeys: true,
    // Keys read from data (menu entries of src/app/pages.ts, roles, statuses, wallet kinds).
    preservePatterns: [
      'menu.*',
      '*.menu',
      '*.settingsMenu',
      'roles.*',
      'memberStatus.*',
      'wallets.*',
      'adjustmentStatus.*',
    ],
    sort: true,
    indentation: 2,
    defaultValue: '',
  },
  plugins: [
    {
      name: 'complete-translations',
      afterSync: (results) => {
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
