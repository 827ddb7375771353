/** The home page's notice call: scrolling notices, banners, popups and promotions, for visitors. */
export const NOTICE_PATH = '/wps/system/notice';
export const NOTICE_QUERY = { types: 'B,PL,PU,PR', platform: 'W', execution: 'B' } as const;
