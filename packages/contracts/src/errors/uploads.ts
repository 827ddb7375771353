import type { ErrorEntry } from './entry.ts';

export const uploadsErrors = {
  // Uploads and feedback (spec §5)
  upload_too_large: {
    status: 400,
    en: 'Each image must be smaller than 5 MB.',
    ms: 'Setiap imej mestilah kurang daripada 5 MB.',
    cn: '每张图片必须小于5MB。',
  },
  upload_type_invalid: {
    status: 400,
    en: 'Only PNG and JPG images can be uploaded.',
    ms: 'Hanya imej PNG dan JPG boleh dimuat naik.',
    cn: '只能上传PNG或JPG图片。',
  },
  upload_quota_exceeded: {
    status: 400,
    en: 'Your uploaded images have reached their storage limit. Please contact customer service.',
    ms: 'Imej yang anda muat naik telah mencapai had storan. Sila hubungi khidmat pelanggan.',
    cn: '您上传的图片已达到存储上限，请联系客服。',
  },
  upload_too_many: {
    status: 400,
    en: 'At most 3 images can be uploaded.',
    ms: 'Paling banyak 3 imej boleh dimuat naik.',
    cn: '最多只能上传3张图片。',
  },
  feedback_invalid: {
    status: 400,
    en: 'Feedback must be between 1 and 140 characters.',
    ms: 'Maklum balas mestilah antara 1 hingga 140 aksara.',
    cn: '反馈内容须为1至140个字符。',
  },
} as const satisfies Record<string, ErrorEntry>;
