import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'i18next-cli';

type Tree = { [key: string]: string | Tree };
/** What the plugin reads of each synced locale file. */
type SyncResult = { path: string; newTranslations: unknown };
/** An extracted key as the extractor keeps it (keyed `namespace:key`). */
type FoundKey = { key: string; ns?: string; defaultValue?: string };

function emptyKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? value.trim()
        ? []
        : [`${prefix}${key}`]
      : emptyKeys(value, `${prefix}${key}.`),
  );
}

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(
    ([key, value]): Array<[string, string]> =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
}

/** A key pattern (`menu.*`, `*.menu`) as a regular expression over whole keys, `*` any run. */
function patternRegExp(pattern: string): RegExp {
  return new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
}

/**
 * The keys of the primary language's catalogues that match a pattern, as extracted keys: a key the
 * app reads from data (a menu entry, a status) is kept as if a literal named it, so it stays in every
 * language (and a language without it fails the check). The patterns name whole keys, namespace
 * first (`menu.*` is every key of the `menu` catalogue).
 */
export function keysReadFromData(localesDir: string, language: string, patterns: string[]): FoundKey[] {
  const dir = path.join(localesDir, language);
  if (patterns.length === 0 || !existsSync(dir)) return [];
  const regexps = patterns.map(patternRegExp);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const ns = file.slice(0, -'.json'.length);
      const tree = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Tree;
      return leaves(tree)
        .filter(([key]) => regexps.some((regexp) => regexp.test(`${ns}.${key}`)))
        .map(([key, value]) => ({ key, ns, defaultValue: value }));
    });
}

/**
 * The translation-key set-up of every React app of the monorepo (apps/web, apps/backoffice, the house
 * vendor's pages). Keys are extracted from the source, never added by hand. Each key's first segment
 * is its feature's namespace and names its file: `t('wallet.balance')` lives in
 * `locales/<LANG>/wallet.json` as `balance` (nsSeparator = keySeparator), so two features' texts are
 * two files and parallel work on two features edits neither's. The apps load one language's
 * namespaces merged back into one tree (scripts/vite-locale-texts.ts), so `t('wallet.balance')`
 * reads the same at run time. `extract --ci` fails when a key used in the code is missing from a
 * locale file or a key in a file is no longer used; the plugin below also fails when any locale has
 * an empty text, so EN, MS and CN stay complete. Error texts are not here: they come from the shared
 * catalogue in @lotus/contracts (namespace `errors` of the member site).
 * `keysFromData`: whole-key patterns of keys an app reads from data (menu entries, statuses) rather
 * than literals; `sourceDir`: where the app's code and locales live, relative to the app (the house
 * vendor's pages are under web/src).
 */
export function appI18nConfig(keysFromData: string[] = [], sourceDir = 'src') {
  const primaryLanguage = 'EN';
  return defineConfig({
    locales: ['EN', 'MS', 'CN'],
    extract: {
      input: [`${sourceDir}/**/*.{ts,tsx}`],
      ignore: [`${sourceDir}/**/*.test.{ts,tsx}`, `${sourceDir}/testing/**`],
      output: `${sourceDir}/locales/{{language}}/{{namespace}}.json`,
      defaultNS: 'translation',
      primaryLanguage,
      keySeparator: '.',
      nsSeparator: '.',
      removeUnusedKeys: true,
      sort: true,
      indentation: 2,
      defaultValue: '',
    },
    plugins: [
      {
        name: 'keys-read-from-data',
        onEnd: (keys: Map<string, FoundKey>) => {
          const localesDir = path.join(process.cwd(), sourceDir, 'locales');
          for (const found of keysReadFromData(localesDir, primaryLanguage, keysFromData)) {
            const id = `${found.ns}:${found.key}`;
            if (!keys.has(id)) keys.set(id, found);
          }
        },
      },
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
