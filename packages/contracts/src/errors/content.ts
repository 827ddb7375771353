import type { ErrorEntry } from './entry.ts';

/** Content management in the back office: announcements, banners, help pages, registration rules. */
export const contentErrors = {
  content_not_found: {
    status: 200,
    en: 'This item no longer exists.',
    ms: 'Item ini tidak lagi wujud.',
    cn: '该项目已不存在。',
  },
  content_slug_taken: {
    status: 200,
    en: 'Another help page of this brand already uses this address.',
    ms: 'Halaman bantuan lain jenama ini sudah menggunakan alamat ini.',
    cn: '本品牌的另一个帮助页面已使用此地址。',
  },
  registration_rule_invalid: {
    status: 400,
    en: 'Please check the field rule: a valid pattern, and a minimum length not above the maximum.',
    ms: 'Sila semak peraturan ruangan: corak yang sah, dan panjang minimum tidak melebihi maksimum.',
    cn: '请检查字段规则：需为有效的格式，且最小长度不超过最大长度。',
  },
} satisfies Record<string, ErrorEntry>;
