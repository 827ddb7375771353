import { type Static, Type } from 'typebox';
import { type SupportedLanguage, textLanguage } from './languages.ts';

/**
 * Registration field rules (spec §3 "Registration validation config", §5 "Pattern kinds"): one
 * validator used by the browser (field errors as the member types) and by the server (the rule that
 * counts). A field's config comes from the brand's registration settings.
 */
export const RegistrationFieldConfig = Type.Object({
  enabled: Type.Boolean(),
  required: Type.Boolean(),
  /** `*` means any; otherwise a regular expression source that replaces the pattern kind's own. */
  acceptedPattern: Type.String(),
  /** 0..23, the pattern kind; it also chooses the error text reg_pattern_<id>. */
  patternId: Type.Integer({ minimum: 0, maximum: 23 }),
  minLength: Type.Integer({ minimum: 0 }),
  maxLength: Type.Integer({ minimum: 0 }),
});
export type RegistrationFieldConfig = Static<typeof RegistrationFieldConfig>;

/** The pattern kinds 0..23 of spec §5, in order. Unicode-aware where the kind speaks of scripts. */
const PATTERNS: readonly RegExp[] = [
  /^[\s\S]*$/u, // 0 length only
  /^[A-Za-z][A-Za-z0-9]*$/, // 1 letter first then letters and digits
  /^[A-Za-z\p{Script=Han}]+$/u, // 2 letters or Chinese
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/, // 3 email
  /^[A-Za-z0-9]+$/, // 4 letters and digits, no Chinese
  /^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$/, // 5 letters and digits combined
  /^[0-9]+$/, // 6 digits only
  /^(?=.*[A-Z])[A-Za-z0-9]+$/, // 7 letters and digits with at least one capital
  /^[A-Za-z ]+$/, // 8 English letters and spaces
  /^\S+$/u, // 9 no spaces
  /^[\p{Script=Han}\p{P}\p{S}]+$/u, // 10 Chinese and symbols
  /^\d{4}-\d{2}-\d{2}$/, // 11 date yyyy-MM-dd (calendar check below)
  /^(?=(?:[^\p{L}]*\p{L}){2})[\p{L} ]+$/u, // 12 at least two letters, spaces allowed
  /^\d{2}-\d{2}-\d{4}$/, // 13 date MM-dd-yyyy (calendar check below)
  /^[\p{L}\p{N}]+$/u, // 14 letters and digits (any script)
  /^[\p{Script=Hangul} ]+$/u, // 15 Korean
  /^[\p{Script=Thai} ]+$/u, // 16 Thai
  /^[\p{Script=Thai}A-Za-z ]+$/u, // 17 Thai or English and spaces
  /^(?=.*[A-Z])[A-Z ]+$/, // 18 capitals and spaces, with a letter
  /^[A-Za-z0-9\p{P}\p{S}]+$/u, // 19 letters, digits, symbols
  /^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[^A-Za-z0-9\s]).+$/u, // 20 upper, lower, digit and special
  /^\p{L}+(?: \p{L}+)+$/u, // 21 full name with a space
  /^[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\u3000-\u303f\uff01-\uff5e\u30fc]+$/u, // 22 full-width Japanese
  /^[A-Z]+$/, // 23 capital English only
];
export const PATTERN_COUNT = PATTERNS.length;

function isCalendarDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function matchesKind(patternId: number, value: string): boolean {
  const pattern = PATTERNS[patternId];
  if (!pattern?.test(value)) return false;
  if (patternId === 11) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return isCalendarDate(y, m, d);
  }
  if (patternId === 13) {
    const [m, d, y] = value.split('-').map(Number) as [number, number, number];
    return isCalendarDate(y, m, d);
  }
  return true;
}

/** A field problem: the message key and what fills it. */
export type FieldProblem =
  | { key: 'validation.required' }
  | { key: `reg_pattern_${number}`; patternId: number; min: number; max: number };

/**
 * Checks one value against a field's config. Inputs are trimmed first (spec §5). Returns null when
 * valid. An empty optional field is valid; a disabled field is never checked.
 */
export function validateRegistrationField(
  raw: string | null | undefined,
  config: RegistrationFieldConfig,
): FieldProblem | null {
  if (!config.enabled) return null;
  const value = (raw ?? '').trim();
  if (value === '') return config.required ? { key: 'validation.required' } : null;
  const problem = {
    key: `reg_pattern_${config.patternId}` as const,
    patternId: config.patternId,
    min: config.minLength,
    max: config.maxLength,
  };
  const length = [...value].length;
  if (length < config.minLength || (config.maxLength > 0 && length > config.maxLength)) return problem;
  if (config.acceptedPattern !== '*' && config.acceptedPattern !== '') {
    let custom: RegExp;
    try {
      custom = new RegExp(config.acceptedPattern, 'u');
    } catch {
      return problem;
    }
    if (!custom.test(value)) return problem;
    return config.patternId === 0 || matchesKind(config.patternId, value) ? null : problem;
  }
  return matchesKind(config.patternId, value) ? null : problem;
}

type Texts = { kinds: readonly string[]; range: string; exact: string; atLeast: string; required: string };

/** reg_pattern_0..23: what the kind accepts; the length part is added with min/max filled in. */
const TEXTS: Record<SupportedLanguage, Texts> = {
  EN: {
    kinds: [
      'Must be {{len}}.',
      'Must start with a letter and contain only letters and digits, {{len}}.',
      'Only letters or Chinese characters, {{len}}.',
      'Must be a valid email address, {{len}}.',
      'Only English letters and digits, no Chinese, {{len}}.',
      'Must combine letters and digits, {{len}}.',
      'Digits only, {{len}}.',
      'Letters and digits with at least one capital letter, {{len}}.',
      'English letters and spaces only, {{len}}.',
      'No spaces allowed, {{len}}.',
      'Chinese characters and symbols only, {{len}}.',
      'Date as yyyy-MM-dd.',
      'At least two letters; spaces allowed, {{len}}.',
      'Date as MM-dd-yyyy.',
      'Letters and digits only, {{len}}.',
      'Korean characters only, {{len}}.',
      'Thai characters only, {{len}}.',
      'Thai or English letters and spaces only, {{len}}.',
      'Capital letters and spaces only, with at least one letter, {{len}}.',
      'Letters, digits and symbols only, {{len}}.',
      'Must contain an upper-case letter, a lower-case letter, a digit and a special character, {{len}}.',
      'Full name with a space between names, {{len}}.',
      'Full-width Japanese characters only, {{len}}.',
      'Capital English letters only, {{len}}.',
    ],
    range: '{{min}} to {{max}} characters',
    exact: 'exactly {{n}} characters',
    atLeast: 'at least {{min}} characters',
    required: 'This field is required.',
  },
  MS: {
    kinds: [
      'Mestilah {{len}}.',
      'Mesti bermula dengan huruf dan mengandungi huruf dan digit sahaja, {{len}}.',
      'Huruf atau aksara Cina sahaja, {{len}}.',
      'Mestilah alamat e-mel yang sah, {{len}}.',
      'Huruf Inggeris dan digit sahaja, tiada aksara Cina, {{len}}.',
      'Mesti gabungan huruf dan digit, {{len}}.',
      'Digit sahaja, {{len}}.',
      'Huruf dan digit dengan sekurang-kurangnya satu huruf besar, {{len}}.',
      'Huruf Inggeris dan ruang sahaja, {{len}}.',
      'Ruang tidak dibenarkan, {{len}}.',
      'Aksara Cina dan simbol sahaja, {{len}}.',
      'Tarikh dalam format yyyy-MM-dd.',
      'Sekurang-kurangnya dua huruf; ruang dibenarkan, {{len}}.',
      'Tarikh dalam format MM-dd-yyyy.',
      'Huruf dan digit sahaja, {{len}}.',
      'Aksara Korea sahaja, {{len}}.',
      'Aksara Thai sahaja, {{len}}.',
      'Huruf Thai atau Inggeris dan ruang sahaja, {{len}}.',
      'Huruf besar dan ruang sahaja, dengan sekurang-kurangnya satu huruf, {{len}}.',
      'Huruf, digit dan simbol sahaja, {{len}}.',
      'Mesti mengandungi huruf besar, huruf kecil, digit dan aksara khas, {{len}}.',
      'Nama penuh dengan ruang di antara nama, {{len}}.',
      'Aksara Jepun lebar penuh sahaja, {{len}}.',
      'Huruf besar Inggeris sahaja, {{len}}.',
    ],
    range: '{{min}} hingga {{max}} aksara',
    exact: 'tepat {{n}} aksara',
    atLeast: 'sekurang-kurangnya {{min}} aksara',
    required: 'Ruangan ini wajib diisi.',
  },
  CN: {
    kinds: [
      '须为{{len}}。',
      '须以字母开头，仅含字母和数字，{{len}}。',
      '仅限字母或中文，{{len}}。',
      '须为有效的电子邮箱，{{len}}。',
      '仅限英文字母和数字，不含中文，{{len}}。',
      '须同时包含字母和数字，{{len}}。',
      '仅限数字，{{len}}。',
      '字母和数字，至少包含一个大写字母，{{len}}。',
      '仅限英文字母和空格，{{len}}。',
      '不允许包含空格，{{len}}。',
      '仅限中文和符号，{{len}}。',
      '日期格式为 yyyy-MM-dd。',
      '至少两个字母，可含空格，{{len}}。',
      '日期格式为 MM-dd-yyyy。',
      '仅限字母和数字，{{len}}。',
      '仅限韩文，{{len}}。',
      '仅限泰文，{{len}}。',
      '仅限泰文或英文字母及空格，{{len}}。',
      '仅限大写字母和空格，至少一个字母，{{len}}。',
      '仅限字母、数字和符号，{{len}}。',
      '须包含大写字母、小写字母、数字和特殊字符，{{len}}。',
      '全名，姓名之间以空格分隔，{{len}}。',
      '仅限全角日文，{{len}}。',
      '仅限大写英文字母，{{len}}。',
    ],
    range: '{{min}}至{{max}}个字符',
    exact: '{{n}}个字符',
    atLeast: '至少{{min}}个字符',
    required: '此项为必填。',
  },
};

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

/** The translated text of a field problem; min/max filled in, or one number when they are equal. */
export function fieldProblemMessage(problem: FieldProblem, language?: string | null): string {
  const texts = TEXTS[textLanguage(language)];
  if (problem.key === 'validation.required') return texts.required;
  const { min, max } = problem;
  const len =
    max > 0 && min === max
      ? fill(texts.exact, { n: min })
      : max > 0
        ? fill(texts.range, { min, max })
        : fill(texts.atLeast, { min });
  return fill(texts.kinds[problem.patternId] ?? texts.kinds[0]!, { len });
}

/** The register form's fields an operator sets rules for (spec §3), in the form's order. */
export const REGISTRATION_FIELDS = [
  'username',
  'password',
  'mobileNum',
  'verificationCode',
  'payeeName',
  'email',
  'affiliateCode',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'paymentPassword',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** Fields that are always shown and required (spec §5: username and password always required). */
export const ALWAYS_REQUIRED_FIELDS: readonly RegistrationField[] = ['username', 'password'];

export const REGISTRATION_RULE_LIMITS = {
  /** The longest value a rule may allow (also bounds the work of an operator's pattern). */
  maxLength: 254,
  patternMaxLength: 200,
} as const;

/** Which part of an operator's field rule is wrong. */
export type RuleProblem = 'acceptedPattern' | 'minLength' | 'maxLength' | 'required';

/**
 * Checks a field rule an operator sets (the back office as they type, the server before it stores
 * it): a pattern that is `*`, empty or a valid Unicode regular expression of at most 200
 * characters; 0 <= min <= max <= 254 (max 0 = no maximum is not offered: every rule has one);
 * username and password stay enabled and required. Returns the first problem or null.
 */
export function registrationRuleProblem(field: string, config: RegistrationFieldConfig): RuleProblem | null {
  const pattern = config.acceptedPattern;
  if (pattern.length > REGISTRATION_RULE_LIMITS.patternMaxLength || pattern.includes('\0')) {
    return 'acceptedPattern';
  }
  if (pattern !== '*' && pattern !== '') {
    try {
      new RegExp(pattern, 'u');
    } catch {
      return 'acceptedPattern';
    }
  }
  if (config.maxLength < 1 || config.maxLength > REGISTRATION_RULE_LIMITS.maxLength) return 'maxLength';
  if (config.minLength > config.maxLength) return 'minLength';
  if ((ALWAYS_REQUIRED_FIELDS as readonly string[]).includes(field) && !(config.enabled && config.required)) {
    return 'required';
  }
  return null;
}
