import { describe, expect, it } from 'vitest';
import {
  fieldProblemMessage,
  PATTERN_COUNT,
  type RegistrationFieldConfig,
  validateRegistrationField,
} from './registration.ts';

const rule = (patternId: number, over: Partial<RegistrationFieldConfig> = {}): RegistrationFieldConfig => ({
  enabled: true,
  required: true,
  acceptedPattern: '*',
  patternId,
  minLength: 1,
  maxLength: 30,
  ...over,
});
const ok = (patternId: number, value: string) => validateRegistrationField(value, rule(patternId)) === null;

describe('registration pattern kinds', () => {
  it('has the 24 kinds of spec §5', () => {
    expect(PATTERN_COUNT).toBe(24);
  });

  const cases: [number, string[], string[]][] = [
    [0, ['anything at all ✓'], []],
    [1, ['a1', 'Player99'], ['1abc', 'ab_c', '玩家']],
    [2, ['Abc', '张三', 'Li张'], ['abc1', 'a b']],
    [3, ['a.b+c@example.co.uk'], ['a@b', 'no-at.example.com', 'a@b.c']],
    [4, ['abc123', 'ABC'], ['abc 1', '张三1', 'a-b']],
    [5, ['abc123', '1a'], ['abcdef', '123456', 'ab1!']],
    [6, ['0123'], ['12a', '1.5', '-1']],
    [7, ['Abc123', 'A'], ['abc123', 'Ab!']],
    [8, ['John Smith'], ['John2', 'Jöhn']],
    [9, ['a!b#c'], ['a b']],
    [10, ['张三·', '中文，。'], ['张三a', 'abc']],
    [11, ['2024-02-29', '1999-12-31'], ['2023-02-29', '2024-13-01', '24-01-01']],
    [12, ['ab', 'Jo Ann', 'Nguyễn Văn'], ['a', 'a 1b']],
    [13, ['02-29-2024'], ['2024-02-29', '02-30-2024']],
    [14, ['abc123', '張三1', 'Ñandú'], ['a b', 'a-1']],
    [15, ['홍길동', '김 철수'], ['Kim', '홍길동1']],
    [16, ['สมชาย', 'สม ชาย'], ['Somchai']],
    [17, ['สมชาย Lee'], ['สมชาย1', '张三']],
    [18, ['JOHN SMITH', 'A'], ['John', '   ', 'A1']],
    [19, ['ab1!@#'], ['ab 1', '张三']],
    [20, ['Abcdef1!'], ['abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdef12']],
    [21, ['John Smith', 'Nguyễn Văn An'], ['John', 'John  Smith', 'John1 Smith']],
    [22, ['やまだ', 'ヤマダ太郎', 'ＡＢＣ'], ['yamada', 'ABC']],
    [23, ['ABC'], ['AbC', 'A B']],
  ];
  for (const [id, good, bad] of cases) {
    it(`kind ${id} accepts ${JSON.stringify(good)} and refuses ${JSON.stringify(bad)}`, () => {
      for (const v of good) expect(ok(id, v), v).toBe(true);
      for (const v of bad) expect(ok(id, v), v).toBe(false);
    });
  }
});

describe('field rules', () => {
  it('trims input, enforces required, skips disabled and empty optional fields', () => {
    expect(validateRegistrationField('  abc1  ', rule(5))).toBeNull();
    expect(validateRegistrationField('   ', rule(5))).toEqual({ key: 'validation.required' });
    expect(validateRegistrationField('', rule(5, { required: false }))).toBeNull();
    expect(validateRegistrationField('!!', rule(5, { enabled: false }))).toBeNull();
  });

  it('counts length in characters and reports the pattern with its bounds', () => {
    const r = rule(1, { minLength: 6, maxLength: 12 });
    expect(validateRegistrationField('abc12', r)).toEqual({
      key: 'reg_pattern_1',
      patternId: 1,
      min: 6,
      max: 12,
    });
    expect(validateRegistrationField('abcdefghijklm', r)?.key).toBe('reg_pattern_1');
    expect(validateRegistrationField('abc123', r)).toBeNull();
    expect(validateRegistrationField('张三李四', rule(2, { minLength: 4, maxLength: 4 }))).toBeNull();
  });

  it('uses a custom accepted pattern when one is configured, and refuses on a broken one', () => {
    expect(validateRegistrationField('09123', rule(6, { acceptedPattern: '^09\\d+$' }))).toBeNull();
    expect(validateRegistrationField('08123', rule(6, { acceptedPattern: '^09\\d+$' }))?.key).toBe(
      'reg_pattern_6',
    );
    expect(validateRegistrationField('abc', rule(0, { acceptedPattern: '([' }))?.key).toBe('reg_pattern_0');
  });
});

describe('messages', () => {
  it('fills min and max, or one number when equal, in EN, MS and CN', () => {
    const range = { key: 'reg_pattern_6', patternId: 6, min: 6, max: 11 } as const;
    expect(fieldProblemMessage(range, 'EN')).toBe('Digits only, 6 to 11 characters.');
    expect(fieldProblemMessage(range, 'MS')).toBe('Digit sahaja, 6 hingga 11 aksara.');
    expect(fieldProblemMessage(range, 'CN')).toBe('仅限数字，6至11个字符。');
    const exact = { key: 'reg_pattern_6', patternId: 6, min: 4, max: 4 } as const;
    expect(fieldProblemMessage(exact, 'EN')).toBe('Digits only, exactly 4 characters.');
    expect(fieldProblemMessage({ key: 'validation.required' }, 'CN')).toBe('此项为必填。');
    expect(fieldProblemMessage(range, 'JA')).toBe(fieldProblemMessage(range, 'EN'));
  });
});
