import type { ErrorEntry } from './entry.ts';

export const clientErrors = {
  // Client-side conditions (status 0: raised by the browser)
  network_abnormal: {
    status: 0,
    en: 'The network is abnormal. Please try again.',
    ms: 'Rangkaian tidak normal. Sila cuba lagi.',
    cn: '网络异常，请重试。',
  },
  page_slow: {
    status: 0,
    en: 'The page is slow to open. Please wait or refresh.',
    ms: 'Halaman lambat dibuka. Sila tunggu atau muat semula.',
    cn: '页面打开缓慢，请稍候或刷新。',
  },
  popup_blocked: {
    status: 0,
    en: 'The browser blocked the pop-up window. Please allow pop-ups for this site.',
    ms: 'Pelayar menyekat tetingkap timbul. Sila benarkan tetingkap timbul untuk laman ini.',
    cn: '浏览器拦截了弹出窗口，请允许本站弹出窗口。',
  },
  chunk_load_failed: {
    status: 0,
    en: 'Loading chunk failed. Please refresh the page.',
    ms: 'Gagal memuatkan bahagian halaman. Sila muat semula halaman.',
    cn: '页面模块加载失败，请刷新页面。',
  },
  stylesheet_load_failed: {
    status: 0,
    en: 'A stylesheet failed to load. Please refresh the page.',
    ms: 'Helaian gaya gagal dimuatkan. Sila muat semula halaman.',
    cn: '样式表加载失败，请刷新页面。',
  },
} as const satisfies Record<string, ErrorEntry>;
