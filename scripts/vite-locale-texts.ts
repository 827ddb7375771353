import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

type Tree = { [key: string]: unknown };

const ID = 'virtual:locale-texts';
const RESOLVED_ID = `\0${ID}`;

/**
 * One language's texts as the app reads them: its catalogues (`locales/<LANG>/<namespace>.json`,
 * one per feature, written by i18next-cli) merged back into one tree, each namespace under its own
 * name (`wallet.json` becomes `wallet`), so `t('wallet.balance')` resolves as before the split.
 * Keys without a namespace (a `translation.json`) sit at the top.
 */
export function mergeCatalogues(files: Array<{ namespace: string; texts: Tree }>): Tree {
  const merged: Tree = {};
  for (const { namespace, texts } of [...files].sort((a, b) => a.namespace.localeCompare(b.namespace))) {
    if (namespace === 'translation') Object.assign(merged, texts);
    else merged[namespace] = texts;
  }
  return merged;
}

function catalogueFiles(localesDir: string): Map<string, string[]> {
  const languages = new Map<string, string[]>();
  if (!existsSync(localesDir)) return languages;
  for (const language of readdirSync(localesDir).sort()) {
    const dir = path.join(localesDir, language);
    if (!statSync(dir).isDirectory()) continue;
    const files = readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => path.join(dir, file));
    languages.set(language, files);
  }
  return languages;
}

/** Every language's merged texts, read from disk. */
export function readLocaleTexts(localesDir: string): Map<string, Tree> {
  const texts = new Map<string, Tree>();
  for (const [language, files] of catalogueFiles(localesDir)) {
    texts.set(
      language,
      mergeCatalogues(
        files.map((file) => ({
          namespace: path.basename(file, '.json'),
          texts: JSON.parse(readFileSync(file, 'utf8')) as Tree,
        })),
      ),
    );
  }
  return texts;
}

/**
 * `import textUrls from 'virtual:locale-texts'`: each language's URL of its merged texts. The build
 * writes one hashed JSON asset per language (`assets/texts-<LANG>-<hash>.json`), so a visitor still
 * fetches one file for its language, no text sits in JavaScript, and the per-feature files exist only
 * in the source. The dev server and tests get data: URLs of the same JSON.
 */
export function localeTexts(localesDir: string): Plugin {
  let build = false;
  return {
    name: 'lotus:locale-texts',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id === ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      for (const files of catalogueFiles(localesDir).values())
        for (const file of files) this.addWatchFile(file);
      const entries = [...readLocaleTexts(localesDir)].map(([language, texts]) => {
        const json = JSON.stringify(texts);
        if (!build) {
          return `${JSON.stringify(language)}: ${JSON.stringify(`data:application/json;charset=utf-8,${encodeURIComponent(json)}`)}`;
        }
        const ref = this.emitFile({ type: 'asset', name: `texts-${language}.json`, source: json });
        return `${JSON.stringify(language)}: import.meta.ROLLUP_FILE_URL_${ref}`;
      });
      return `export default { ${entries.join(', ')} };\n`;
    },
  };
}
