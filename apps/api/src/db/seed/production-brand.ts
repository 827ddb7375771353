import { randomBytes } from 'node:crypto';
import { SUPPORTED_LANGUAGES } from '@lotus/contracts/languages';
import { findBrandByMerchantCode, insertBrand } from '../../domains/brands/brand.repository.ts';
import type { Brand } from '../../domains/brands/brand.ts';
import { insertOperator } from '../../domains/operators/operator.repository.ts';
import { invalidateDbCaches } from '../../lib/db-cache.ts';
import { hashPassword, type PasswordHashing, PRODUCTION_PASSWORD_HASHING } from '../../lib/hashing.ts';
import type { Db } from '../database.ts';
import { brandTemplate } from './demo-brand.ts';
import { DEFAULT_HOUSE_VENDOR_URL, registerHouseVendor } from './demo-games.ts';

/** What `npm run brand:create` asks for, validated by parseBrandArguments. */
export type ProductionBrandInput = {
  merchantCode: string;
  name: string;
  domains: string[];
  currency: string;
  languages: string[];
  timeZone: string;
  operator: string;
};

export type CreatedBrand = {
  brand: Brand;
  operator: string;
  /** The operator's first password, shown once (only its hash is stored). */
  password: string;
  /** The house vendor's signing secret for this brand (HOUSE_VENDOR_BRANDS=<merchant>:<secret>). */
  houseVendorSecret: string;
};

export class BrandInputError extends Error {
  override name = 'BrandInputError';
}

/** Currencies whose minor unit is the hundredth (the wallet's scale), with the symbol shown. */
export const BRAND_CURRENCIES: Readonly<Record<string, { symbol: string; country: string }>> = {
  MYR: { symbol: 'RM', country: 'MY' },
  SGD: { symbol: 'S$', country: 'SG' },
  THB: { symbol: '฿', country: 'TH' },
  PHP: { symbol: '₱', country: 'PH' },
  HKD: { symbol: 'HK$', country: 'HK' },
  CNY: { symbol: '¥', country: 'CN' },
  USD: { symbol: '$', country: 'US' },
};

const MERCHANT = /^[A-Z][A-Z0-9_]{1,31}$/;
const OPERATOR = /^[A-Za-z0-9_.-]{3,32}$/;
const HOSTNAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

const FLAGS = new Set(['merchant', 'name', 'domain', 'currency', 'languages', 'time-zone', 'operator']);

/**
 * `--merchant CODE --name "..." --domain d1 --domain d2 --currency MYR --languages EN,MS,CN
 * --time-zone Asia/Kuala_Lumpur --operator USERNAME` (also `--flag=value`): every value checked;
 * BrandInputError lists every problem.
 */
export function parseBrandArguments(argv: readonly string[]): ProductionBrandInput {
  const values = new Map<string, string[]>();
  const problems: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    const flag = match?.[1];
    if (!match || !flag || !FLAGS.has(flag)) {
      problems.push(`unknown argument ${JSON.stringify(arg.slice(0, 40))}`);
      continue;
    }
    let value = match[2];
    if (value === undefined) {
      value = argv[i + 1];
      i += 1;
    }
    if (value === undefined) problems.push(`--${flag} needs a value`);
    else values.set(flag, [...(values.get(flag) ?? []), value]);
  }
  const one = (flag: string): string => {
    const given = values.get(flag) ?? [];
    if (given.length !== 1) {
      problems.push(given.length === 0 ? `--${flag} is required` : `--${flag} is given twice`);
      return '';
    }
    const value = given[0] ?? '';
    if (CONTROL.test(value)) {
      problems.push(`--${flag} holds control characters`);
      return '';
    }
    return value.trim();
  };
  const merchantCode = one('merchant');
  if (merchantCode && !MERCHANT.test(merchantCode))
    problems.push('--merchant: 2-32 capital letters, digits or _, starting with a letter');
  const name = one('name');
  if (name === '' && values.has('name')) problems.push('--name is empty');
  if (name.length > 100) problems.push('--name: at most 100 characters');
  const domains = (values.get('domain') ?? []).map((d) => d.trim().toLowerCase());
  if (domains.length === 0) problems.push('--domain is required (repeat it for each domain)');
  for (const domain of domains) {
    if (!HOSTNAME.test(domain))
      problems.push(`--domain: ${JSON.stringify(domain.slice(0, 60))} is not a host name`);
  }
  if (new Set(domains).size !== domains.length) problems.push('--domain: a domain is given twice');
  const currency = one('currency').toUpperCase();
  if (currency && !BRAND_CURRENCIES[currency])
    problems.push(`--currency: one of ${Object.keys(BRAND_CURRENCIES).join(', ')}`);
  const languagesRaw = one('languages');
  const languages = languagesRaw
    .split(',')
    .map((l) => l.trim().toUpperCase())
    .filter((l) => l !== '');
  if (languagesRaw && languages.length === 0) problems.push('--languages is empty');
  const unknown = languages.filter((l) => !(SUPPORTED_LANGUAGES as readonly string[]).includes(l));
  if (unknown.length > 0) problems.push(`--languages: ${SUPPORTED_LANGUAGES.join(', ')} only`);
  if (new Set(languages).size !== languages.length) problems.push('--languages: a language is given twice');
  const timeZone = one('time-zone');
  if (timeZone && !Intl.supportedValuesOf('timeZone').includes(timeZone))
    problems.push(`--time-zone: ${JSON.stringify(timeZone.slice(0, 60))} is not an IANA time zone`);
  const operator = one('operator');
  if (operator && !OPERATOR.test(operator)) problems.push('--operator: 3-32 letters, digits, _ . or -');
  if (problems.length > 0) throw new BrandInputError(problems.join('; '));
  return { merchantCode, name, domains, currency, languages, timeZone, operator };
}

/** A random password the login accepts (letters and digits, 20 characters). */
function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  // At least one capital, one small letter and one digit, whatever the draw.
  return `${out}Aa1`;
}

/**
 * Creates a production brand in one transaction: the brand (the seed's template, with the given
 * domains, currency, languages and time zone, no demo content), its first admin operator without
 * TOTP (enrolled at the first login) and the house vendor HOUSE with a fresh signing secret. Refuses
 * a merchant code or a domain already taken before writing anything; a failure later rolls all back.
 */
export async function createProductionBrand(
  db: Db,
  input: ProductionBrandInput,
  options: { hashing?: PasswordHashing; houseVendorUrl?: string } = {},
): Promise<CreatedBrand> {
  if (await findBrandByMerchantCode(db, input.merchantCode)) {
    throw new BrandInputError(`the brand ${input.merchantCode} exists already: nothing was changed`);
  }
  const taken = await db
    .selectFrom('brand_domains')
    .select('domain')
    .where('domain', 'in', input.domains)
    .execute();
  if (taken.length > 0) {
    throw new BrandInputError(`domain ${taken.map((t) => t.domain).join(', ')} belongs to another brand`);
  }
  const currency = BRAND_CURRENCIES[input.currency];
  if (!currency) throw new BrandInputError(`unknown currency ${input.currency}`);
  const template = brandTemplate(input.merchantCode, input.name, input.domains);
  const password = randomPassword();
  const passwordHash = await hashPassword(password, options.hashing ?? PRODUCTION_PASSWORD_HASHING);
  const houseVendorSecret = randomBytes(32).toString('base64url');
  // Everything is checked above. The brand with its domains, its first operator and the house
  // vendor (registration, secret, catalogue) commit together: a failure anywhere leaves nothing, so
  // the command can simply be run again. A brand made meanwhile stops it at the merchant code.
  const brand = await db.transaction().execute(async (trx) => {
    const made = await insertBrand(trx, {
      ...template,
      currency: input.currency,
      currencySymbol: currency.symbol,
      country: currency.country,
      timeZone: input.timeZone,
      defaultLanguage: input.languages[0] ?? 'EN',
      supportedLanguages: input.languages,
      // No demo addresses: the operator lists its own in the back office.
      launchGameCdns: [],
      domainList: [],
    });
    if (!made)
      throw new BrandInputError(`the brand ${input.merchantCode} exists already: nothing was changed`);
    await insertOperator(trx, { brandId: made.id, username: input.operator, passwordHash, role: 'admin' });
    await registerHouseVendor(
      trx,
      made.id,
      options.houseVendorUrl ?? DEFAULT_HOUSE_VENDOR_URL,
      houseVendorSecret,
    );
    return made;
  });
  invalidateDbCaches(db);
  return { brand, operator: input.operator.toLowerCase(), password, houseVendorSecret };
}
