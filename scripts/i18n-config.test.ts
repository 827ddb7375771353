import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keysReadFromData } from './i18n-config.ts';
import { mergeCatalogues, readLocaleTexts } from './vite-locale-texts.ts';

const repoRoot = path.join(import.meta.dirname, '..');
const cli = path.join(repoRoot, 'node_modules', '.bin', 'i18next-cli');
const apps: string[] = [];

type Catalogues = Record<string, Record<string, Record<string, unknown>>>;

/** A throw-away app: its code, its catalogues (language -> namespace -> texts) and its config. */
function app(code: string, catalogues: Catalogues, keysFromData: string[] = []): string {
  const root = mkdtempSync(path.join(tmpdir(), 'i18n-config-'));
  apps.push(root);
  mkdirSync(path.join(root, 'src'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'page.tsx'), code);
  for (const [language, files] of Object.entries(catalogues)) {
    mkdirSync(path.join(root, 'src', 'locales', language), { recursive: true });
    for (const [namespace, texts] of Object.entries(files)) {
      writeFileSync(
        path.join(root, 'src', 'locales', language, `${namespace}.json`),
        `${JSON.stringify(texts, null, 2)}\n`,
      );
    }
  }
  writeFileSync(
    path.join(root, 'i18next.config.ts'),
    `import { appI18nConfig } from ${JSON.stringify(path.join(repoRoot, 'scripts', 'i18n-config.ts'))};\n` +
      `export default appI18nConfig(${JSON.stringify(keysFromData)});\n`,
  );
  return root;
}

/** `npm run i18n:check` (extract --ci --dry-run) or `i18n:extract` in the app: true when it passes. */
function extract(root: string, check: boolean): boolean {
  const args = check ? ['extract', '--ci', '--dry-run'] : ['extract'];
  return spawnSync(cli, args, { cwd: root, encoding: 'utf8', timeout: 60_000 }).status === 0;
}

afterEach(() => {
  for (const root of apps.splice(0)) rmSync(root, { recursive: true, force: true });
});

const PAGE = `
import { useTranslation } from 'react-i18next';
export function Page({ item }: { item: string }) {
  const { t } = useTranslation();
  return <p>{t('wallet.balance')} {t('wallet.history.title')} {t('deposits.title')} {t(\`menu.\${item}\`)}</p>;
}
`;

const complete = (): Catalogues => ({
  EN: {
    wallet: { balance: 'Balance', history: { title: 'History' } },
    deposits: { title: 'Deposit' },
    menu: { home: 'Home' },
  },
  MS: {
    wallet: { balance: 'Baki', history: { title: 'Sejarah' } },
    deposits: { title: 'Deposit' },
    menu: { home: 'Utama' },
  },
  CN: {
    wallet: { balance: '余额', history: { title: '记录' } },
    deposits: { title: '存款' },
    menu: { home: '首页' },
  },
});

describe('the translation catalogues, one per feature', () => {
  it('pass the check when every language has every key in its feature file', () => {
    expect(extract(app(PAGE, complete(), ['menu.*']), true)).toBe(true);
  });

  it('fail the check when a language lacks a key, or a key is left in one file', () => {
    const missing = complete();
    missing.MS = { ...missing.MS, wallet: { balance: 'Baki', history: {} } };
    expect(extract(app(PAGE, missing, ['menu.*']), true)).toBe(false);

    const unused = complete();
    unused.CN = { ...unused.CN, deposits: { title: '存款', old: '旧' } };
    expect(extract(app(PAGE, unused, ['menu.*']), true)).toBe(false);
  });

  it('keep the keys read from data only while a pattern names them, in every language', () => {
    expect(extract(app(PAGE, complete()), true)).toBe(false);
    const withoutMs = complete();
    withoutMs.MS = { ...withoutMs.MS, menu: {} };
    expect(extract(app(PAGE, withoutMs, ['menu.*']), true)).toBe(false);
  });

  it('are written by the extractor one file per namespace (the first segment of the key)', () => {
    const root = app(
      PAGE.replace("t('deposits.title')", "t('deposits.title')} {t('points.rate')"),
      complete(),
      ['menu.*'],
    );
    // The new key fills EN with its name and leaves MS and CN empty, which the check refuses.
    expect(extract(root, false)).toBe(false);
    const en = path.join(root, 'src', 'locales', 'EN');
    expect(readdirSync(en).sort()).toEqual(['deposits.json', 'menu.json', 'points.json', 'wallet.json']);
    expect(JSON.parse(readFileSync(path.join(en, 'points.json'), 'utf8'))).toEqual({ rate: 'rate' });
    expect(JSON.parse(readFileSync(path.join(root, 'src', 'locales', 'MS', 'points.json'), 'utf8'))).toEqual({
      rate: '',
    });
    expect(existsSync(path.join(en, 'translation.json'))).toBe(false);
  });

  it('name the keys read from data by their whole key, namespace first', () => {
    const root = app(PAGE, complete());
    const found = keysReadFromData(path.join(root, 'src', 'locales'), 'EN', ['menu.*', '*.history.*']);
    expect(found).toEqual([
      { key: 'home', ns: 'menu', defaultValue: 'Home' },
      { key: 'history.title', ns: 'wallet', defaultValue: 'History' },
    ]);
  });
});

describe('the texts an app loads', () => {
  it('are each language’s catalogues merged under their namespaces, so keys read as before the split', () => {
    expect(
      mergeCatalogues([
        { namespace: 'wallet', texts: { balance: 'Balance' } },
        { namespace: 'translation', texts: { ok: 'OK' } },
        { namespace: 'deposits', texts: { title: 'Deposit' } },
      ]),
    ).toEqual({ ok: 'OK', deposits: { title: 'Deposit' }, wallet: { balance: 'Balance' } });
  });

  it('hold the same keys in EN, MS and CN in every app', () => {
    const keys = (tree: unknown, prefix = ''): string[] =>
      typeof tree === 'string'
        ? [prefix]
        : Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) =>
            keys(v, prefix ? `${prefix}.${k}` : k),
          );
    for (const dir of [
      'apps/web/src/locales',
      'apps/backoffice/src/locales',
      'apps/house-vendor/web/src/locales',
    ]) {
      const texts = readLocaleTexts(path.join(repoRoot, dir));
      expect([...texts.keys()].sort(), dir).toEqual(['CN', 'EN', 'MS']);
      const en = keys(texts.get('EN')).sort();
      expect(en.length, dir).toBeGreaterThan(100);
      expect(keys(texts.get('MS')).sort(), dir).toEqual(en);
      expect(keys(texts.get('CN')).sort(), dir).toEqual(en);
    }
  });
});
