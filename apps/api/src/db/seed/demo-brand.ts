import { UI_LANGUAGE_CODES } from '@lotus/contracts/languages';
import { FEATURE_FLAGS, PRIZE_MODES } from '@lotus/contracts/system';
import type { NewAnnouncement, NewBanner } from '../../domains/announcements/announcement.repository.ts';
import type { NewBrand } from '../../domains/brands/brand.ts';
import type { CustomerServiceResource } from '../../domains/system/customer-service.repository.ts';
import type { MenuLinkRow } from '../schema.ts';

const STATIC_LINKS: MenuLinkRow[] = [
  {
    key: 'about',
    path: '/help?page=about',
    labelEn: 'About Company',
    labelMs: 'Tentang Syarikat',
    labelCn: '关于公司',
  },
  {
    key: 'contact',
    path: '/help?page=contact',
    labelEn: 'Contact Us',
    labelMs: 'Hubungi Kami',
    labelCn: '联系我们',
  },
  {
    key: 'terms',
    path: '/help?page=terms',
    labelEn: 'General Terms and Conditions',
    labelMs: 'Terma dan Syarat Am',
    labelCn: '一般条款与条件',
  },
  {
    key: 'responsible-gaming',
    path: '/help?page=responsible-gaming',
    labelEn: 'Responsible Gaming',
    labelMs: 'Permainan Bertanggungjawab',
    labelCn: '责任博彩',
  },
  {
    key: 'privacy',
    path: '/help?page=privacy',
    labelEn: 'Privacy Policy',
    labelMs: 'Dasar Privasi',
    labelCn: '隐私政策',
  },
  {
    key: 'affiliates',
    path: '/help?page=affiliates',
    labelEn: 'Affiliates',
    labelMs: 'Gabungan',
    labelCn: '代理合作',
  },
  {
    key: 'refund',
    path: '/help?page=refund',
    labelEn: 'Refund Policy',
    labelMs: 'Dasar Bayaran Balik',
    labelCn: '退款政策',
  },
];

/** A complete brand configuration; tests and the seed derive brands from it. */
export function brandTemplate(merchantCode: string, name: string, domains: string[]): NewBrand {
  const flags = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false])) as Record<string, boolean>;
  for (const on of [
    'USERNAMEREG3',
    'MOBILENUMREG3',
    'DIRECTREG3',
    'FREEPLAY3',
    'MOBILEVERCODELOGIN3',
    'AGENTPOLICY3',
  ]) {
    flags[on] = true;
  }
  return {
    merchantCode,
    name,
    domains,
    platform: 'web',
    lotteryType: 'SEA',
    device: 'WEB',
    defaultLanguage: 'EN',
    supportedLanguages: ['EN', 'MS', 'CN'],
    uiLanguages: [...UI_LANGUAGE_CODES],
    chatHeaderColour: '#c8102e',
    theme: { primary: '#c8102e', primaryContrast: '#ffffff', accent: '#f5b301', headerBackground: '#14161c' },
    currency: 'MYR',
    currencySymbol: 'RM',
    country: 'MY',
    prizeModes: [...PRIZE_MODES],
    announcementTypes: ['B', 'PL', 'PU', 'PR', 'H'],
    defaultAnnouncementType: 'B',
    featureFlags: flags,
    loginedToHomePage: false,
    systemStatus: 0,
    maintenanceStart: null,
    maintenanceEnd: null,
    blockedCountries: [],
    categoryOrder: ['LIVE', 'SPORTS', 'RNG', 'FISH', 'PVP', 'ESPORTS', 'LOTT'],
    analyticsGtagId: '',
    // The demo serves its images itself; an operator lists its CDNs here and the site picks one at random.
    imageCdns: [],
    launchGameCdns: ['https://play1.lotus-cdn.example', 'https://play2.lotus-cdn.example'],
    domainList: [
      { domain: 'https://www.lotus-demo.example', speed: 45 },
      { domain: 'https://m.lotus-demo.example', speed: 60 },
      { domain: 'https://backup.lotus-demo.example', speed: 120 },
    ],
    logoUrl: '/brand/logo.svg',
    footerLinks: STATIC_LINKS,
    helpMenu: [
      {
        key: 'faq',
        path: '/help?page=how-to-register',
        labelEn: 'FAQ',
        labelMs: 'Soalan Lazim',
        labelCn: '常见问题',
      },
      ...STATIC_LINKS,
    ],
    copyright: `Copyright © ${name}. All rights reserved. 18+ Play responsibly.`,
  };
}

export const DEMO_BRAND: NewBrand = brandTemplate('DEMO', 'Lotus Demo', ['localhost', '127.0.0.1']);

export const DEMO_CUSTOMER_SERVICE: CustomerServiceResource[] = [
  {
    // The chat room arrives with a later issue; until then live chat is the site's own contact form
    // (/contact, a page without the site header sized for the 440x750 customer window).
    csType: 'LIVECHAT',
    url: '/contact',
    qrCodeUrl: '',
    labelNameEn: 'Live Chat',
    labelNameMs: 'Sembang Langsung',
    labelNameCn: '在线客服',
  },
  {
    csType: 'WHATSAPP',
    url: 'https://wa.me/60123456789',
    qrCodeUrl: '',
    labelNameEn: 'WhatsApp',
    labelNameMs: 'WhatsApp',
    labelNameCn: 'WhatsApp',
  },
  {
    csType: 'TELEGRAM',
    url: 'https://t.me/lotus_demo_support',
    qrCodeUrl: '',
    labelNameEn: 'Telegram',
    labelNameMs: 'Telegram',
    labelNameCn: 'Telegram',
  },
  {
    csType: 'VIP',
    url: '/contact',
    qrCodeUrl: '',
    labelNameEn: 'VIP Service',
    labelNameMs: 'Khidmat VIP',
    labelNameCn: 'VIP专属客服',
  },
];

const popup = (
  n: number,
  en: [string, string],
  ms: [string, string],
  cn: [string, string],
  promotionType: string | null = null,
): NewAnnouncement => ({
  type: 'PU',
  execution: 'B',
  promotionType,
  title: { en: en[0], ms: ms[0], cn: cn[0] },
  content: { en: `<p>${en[1]}</p>`, ms: `<p>${ms[1]}</p>`, cn: `<p>${cn[1]}</p>` },
  publishedAt: new Date(Date.UTC(2026, 0, n)),
});

export const DEMO_ANNOUNCEMENTS: NewAnnouncement[] = [
  popup(
    1,
    [
      'Welcome to Lotus Demo',
      'Thank you for visiting. Register today and enjoy live casino, sports and more.',
    ],
    [
      'Selamat datang ke Lotus Demo',
      'Terima kasih kerana melawat. Daftar hari ini dan nikmati kasino langsung, sukan dan banyak lagi.',
    ],
    ['欢迎来到 Lotus Demo', '感谢您的光临。立即注册，畅玩真人娱乐场、体育等精彩游戏。'],
  ),
  popup(
    2,
    ['100% First Deposit Bonus', 'Double your first deposit up to P 5,000. <strong>Turnover 10x.</strong>'],
    [
      'Bonus Deposit Pertama 100%',
      'Gandakan deposit pertama anda sehingga P 5,000. <strong>Pusing ganti 10x.</strong>',
    ],
    ['首存100%红利', '首次存款翻倍，最高 P 5,000。<strong>10倍流水。</strong>'],
    'FIRST_DEPOSIT',
  ),
  popup(
    3,
    ['Daily Cashback 1%', 'Every bet earns cashback, credited automatically the next day.'],
    [
      'Pulangan Tunai Harian 1%',
      'Setiap pertaruhan mendapat pulangan tunai, dikreditkan secara automatik keesokan hari.',
    ],
    ['每日返水1%', '每笔投注均可获得返水，次日自动发放。'],
  ),
  popup(
    4,
    ['Scheduled Maintenance Notice', 'Some slot games will be unavailable on Sunday from 02:00 to 04:00.'],
    [
      'Notis Penyelenggaraan Berjadual',
      'Sesetengah permainan slot tidak tersedia pada hari Ahad dari 02:00 hingga 04:00.',
    ],
    ['定期维护通知', '部分老虎机游戏将于周日02:00至04:00暂停服务。'],
  ),
  popup(
    5,
    ['Download Our App', 'Install the web app from the <a href="/down">download page</a> for faster access.'],
    [
      'Muat Turun Aplikasi Kami',
      'Pasang aplikasi web dari <a href="/down">halaman muat turun</a> untuk akses lebih pantas.',
    ],
    ['下载我们的应用', '从<a href="/down">下载页面</a>安装网页应用，访问更快捷。'],
  ),
  popup(
    6,
    ['Invite Friends, Earn Rewards', 'Share your referral link and earn a bonus for every friend who joins.'],
    [
      'Jemput Rakan, Dapatkan Ganjaran',
      'Kongsi pautan rujukan anda dan dapatkan bonus bagi setiap rakan yang menyertai.',
    ],
    ['邀请好友，赢取奖励', '分享您的推荐链接，每邀请一位好友加入即可获得奖励。'],
  ),
  {
    type: 'B',
    execution: 'B',
    title: { en: 'Site notice', ms: 'Notis laman', cn: '网站公告' },
    content: {
      en: '<p>Beware of fake sites. Always use the domains listed on the routes page.</p>',
      ms: '<p>Berhati-hati dengan laman palsu. Sentiasa gunakan domain yang disenaraikan di halaman laluan.</p>',
      cn: '<p>谨防钓鱼网站，请始终使用线路页面所列的域名。</p>',
    },
  },
  {
    type: 'PL',
    execution: 'B',
    title: { en: 'New live tables', ms: 'Meja langsung baharu', cn: '新增真人桌台' },
    content: {
      en: '<p>Ten new baccarat tables are now open in the live casino.</p>',
      ms: '<p>Sepuluh meja bakarat baharu kini dibuka di kasino langsung.</p>',
      cn: '<p>真人娱乐场新开十张百家乐桌台。</p>',
    },
  },
  {
    type: 'PR',
    execution: 'B',
    promotionType: 'WEEKLY_RELOAD',
    title: { en: 'Weekly reload bonus', ms: 'Bonus tambah nilai mingguan', cn: '每周充值红利' },
    content: {
      en: '<p>Get 20% extra on your first deposit every Monday.</p>',
      ms: '<p>Dapatkan 20% tambahan pada deposit pertama anda setiap hari Isnin.</p>',
      cn: '<p>每周一首笔存款额外赠送20%。</p>',
    },
  },
  {
    type: 'H',
    execution: 'B',
    title: { en: 'Help centre updated', ms: 'Pusat bantuan dikemas kini', cn: '帮助中心已更新' },
    content: {
      en: '<p>Our help centre now answers the most common deposit questions.</p>',
      ms: '<p>Pusat bantuan kami kini menjawab soalan deposit yang paling biasa.</p>',
      cn: '<p>帮助中心现已收录最常见的存款问题。</p>',
    },
  },
  {
    type: 'PU',
    execution: 'A',
    title: { en: 'Member exclusive', ms: 'Eksklusif ahli', cn: '会员专享' },
    content: {
      en: '<p>Members get double points this weekend.</p>',
      ms: '<p>Ahli mendapat mata berganda hujung minggu ini.</p>',
      cn: '<p>本周末会员积分翻倍。</p>',
    },
  },
  {
    type: 'PU',
    execution: 'F',
    promotionType: 'WELCOME',
    title: { en: 'Welcome aboard', ms: 'Selamat datang', cn: '欢迎加入' },
    content: {
      en: '<p>Your welcome bonus is waiting in the reward centre.</p>',
      ms: '<p>Bonus selamat datang anda menanti di pusat ganjaran.</p>',
      cn: '<p>您的迎新红利已在奖励中心等候。</p>',
    },
  },
];

export const DEMO_BANNERS: NewBanner[] = [
  {
    imageUrl: '/media/banners/first-deposit.svg',
    link: '/promotions',
    title: { en: '100% First Deposit Bonus', ms: 'Bonus Deposit Pertama 100%', cn: '首存100%红利' },
  },
  {
    imageUrl: '/media/banners/live-casino.svg',
    link: '/live',
    title: { en: 'Live Casino', ms: 'Kasino Langsung', cn: '真人娱乐场' },
  },
  {
    imageUrl: '/media/banners/sports.svg',
    link: '/sports',
    title: { en: 'Sports Betting', ms: 'Pertaruhan Sukan', cn: '体育投注' },
  },
];
