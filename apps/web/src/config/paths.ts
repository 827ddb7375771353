/**
 * Every route of spec §2 as a typed helper: components link with `paths.help.to('about')`, never
 * with string literals. `path` is the router pattern, `to()` builds a concrete URL.
 */
function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const simple = <P extends string>(path: P) => ({ path, to: () => path });

export const paths = {
  root: simple('/'),
  home: simple('/index'),
  register: simple('/register'),
  registerHtml: simple('/register.html'),
  noticePage: simple('/noticePage'),
  vip: simple('/vip'),
  pointMall: simple('/pointMall'),
  lottery: {
    path: '/lottery',
    to: (gameCode?: string, playType?: string) => withQuery('/lottery', { gameCode, playType }),
  },
  vnLottery: simple('/vnlottery'),
  seaLottery: simple('/seaLottery'),
  elott: simple('/elott'),
  rng: { path: '/rng', to: (vendor?: string) => withQuery('/rng', { page: vendor }) },
  live: { path: '/live', to: (vendor?: string) => withQuery('/live', { page: vendor }) },
  sports: { path: '/sports', to: (vendor?: string) => withQuery('/sports', { page: vendor }) },
  fish: { path: '/fish', to: (vendor?: string) => withQuery('/fish', { page: vendor }) },
  pvp: { path: '/pvp', to: (vendor?: string) => withQuery('/pvp', { page: vendor }) },
  promotions: simple('/promotions'),
  promoDetail: { path: '/promoDetail', to: (id: string) => withQuery('/promoDetail', { id }) },
  seamless: simple('/seamless'),
  help: { path: '/help', to: (slug?: string) => withQuery('/help', { page: slug }) },
  helpMc: { path: '/helpmc', to: (slug?: string) => withQuery('/helpmc', { page: slug }) },
  download: simple('/down'),
  downloadAlias: simple('/download'),
  join: simple('/join'),
  /** The contact form: the customer-service window's page while there is no chat room (no header). */
  contact: simple('/contact'),
  /** The game frame: launches `game` of `vendor` (free play with `free`); `back` is where the lobby was. */
  game: {
    path: '/game',
    to: (q: { vendor: string; game: string; name?: string; free?: boolean; back?: string }) =>
      withQuery('/game', {
        vendor: q.vendor,
        game: q.game,
        name: q.name,
        free: q.free ? '1' : undefined,
        back: q.back,
      }),
  },
  login: simple('/login'),
  /** The e-mailed reset link: /resetPassword?token=... */
  resetPassword: { path: '/resetPassword', to: (token?: string) => withQuery('/resetPassword', { token }) },
  /** Where Google or Facebook sends the browser back after an external sign-in. */
  oauthCallback: {
    path: '/oauth/callback/:provider',
    to: (provider: string) => `/oauth/callback/${provider}`,
  },
} as const;

/** Paths a visitor without a token may open when the brand's loginedToHomePage flag is on. */
export const PUBLIC_WHEN_LOGIN_REQUIRED: readonly string[] = [
  paths.login.path,
  paths.register.path,
  paths.registerHtml.path,
  paths.helpMc.path,
  paths.contact.path,
  paths.downloadAlias.path,
  paths.download.path,
  paths.resetPassword.path,
];
