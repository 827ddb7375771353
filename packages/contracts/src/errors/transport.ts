import type { ErrorEntry } from './entry.ts';

export const transportErrors = {
  // Transport, tenant and gateway
  request_param_err: {
    status: 400,
    en: 'Some of the information sent is missing or not valid.',
    ms: 'Sebahagian maklumat yang dihantar tiada atau tidak sah.',
    cn: '提交的信息有缺失或无效。',
  },
  request_body_required: {
    status: 400,
    en: 'The request must carry its encrypted body and headers.',
    ms: 'Permintaan mesti membawa kandungan dan pengepala yang disulitkan.',
    cn: '请求必须包含加密内容及其请求头。',
  },
  'function.not.available': {
    status: 400,
    en: 'This function is not available.',
    ms: 'Fungsi ini tidak tersedia.',
    cn: '此功能不可用。',
  },
  feature_disabled: {
    status: 200,
    en: 'This feature is not enabled on this site.',
    ms: 'Ciri ini tidak diaktifkan di laman ini.',
    cn: '本站未开启此功能。',
  },
  not_found: { status: 404, en: 'Not found.', ms: 'Tidak dijumpai.', cn: '未找到。' },
  TOO_MANY_REQUESTS: {
    status: 429,
    en: 'Too many requests. Please try again later.',
    ms: 'Terlalu banyak permintaan. Sila cuba sebentar lagi.',
    cn: '请求过于频繁，请稍后再试。',
  },
  system_error: {
    status: 500,
    en: 'System error. Please try again later.',
    ms: 'Ralat sistem. Sila cuba sebentar lagi.',
    cn: '系统错误，请稍后再试。',
  },
  system_maintenance: {
    status: 503,
    en: 'The system is under maintenance.',
    ms: 'Sistem sedang diselenggara.',
    cn: '系统维护中。',
  },
  service_unavailable: {
    status: 503,
    en: 'The service is briefly unavailable. Please try again in a moment.',
    ms: 'Perkhidmatan tidak tersedia buat seketika. Sila cuba sebentar lagi.',
    cn: '服务暂时不可用，请稍后再试。',
  },
  access_restricted: {
    status: 200,
    en: 'Access is restricted from your IP address or location.',
    ms: 'Akses disekat dari alamat IP atau lokasi anda.',
    cn: '您的IP地址或所在地区访问受限。',
  },
  domain_invalid: {
    status: 400,
    en: 'Domain check failed: this domain is not valid.',
    ms: 'Semakan domain gagal: domain ini tidak sah.',
    cn: '域名校验失败：此域名无效。',
  },
  language_unsupported: {
    status: 400,
    en: 'This language is not supported.',
    ms: 'Bahasa ini tidak disokong.',
    cn: '不支持该语言。',
  },
} as const satisfies Record<string, ErrorEntry>;
