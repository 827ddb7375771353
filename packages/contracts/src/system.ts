import { type Static, Type } from 'typebox';
import { SUPPORTED_LANGUAGES } from './languages.ts';
import { GAME_CATEGORIES } from './system-values.ts';
import { IMAGE_UPLOAD_RULES } from './uploads.ts';

export {
  GAME_CATEGORIES,
  type GameCategory,
  STATIC_PAGES,
  SYSTEM_STATUS,
} from './system-values.ts';

/** Feature flags of spec §6 plus the brand guard flag. */
export const FEATURE_FLAGS = [
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'USERNAMEREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
  'DIRECTREG3',
  'MANPLAYREB3',
  'AGENTPOLICY3',
  'CHNGPASSVERIF3',
  'GOOGLELOGIN3',
  'FACEBOOKLOGIN3',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
/** A = logged-in members, B = anonymous visitors, F = a member's first login (spec §4). */
/** Announcement audiences: A members, B visitors, F first login, G agents (the agent centre's agentAnnouncement). */
export const EXECUTIONS = ['A', 'B', 'F', 'G'] as const;
export type Execution = (typeof EXECUTIONS)[number];
export const PRIZE_MODES = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export const CS_TYPES = ['LIVECHAT', 'WHATSAPP', 'TELEGRAM', 'VIP'] as const;
export type CsType = (typeof CS_TYPES)[number];

const Language = Type.Enum(SUPPORTED_LANGUAGES);

export const ThemeColours = Type.Object({
  primary: Type.String(),
  primaryContrast: Type.String(),
  accent: Type.String(),
  headerBackground: Type.String(),
});

export const Resource = Type.Object({
  resourceType: Type.String(),
  url: Type.String(),
  qrCodeUrl: Type.String(),
  labelNameEn: Type.String(),
  labelNameCn: Type.String(),
});
export type Resource = Static<typeof Resource>;

export const CustomerServiceItem = Type.Object({
  csType: Type.Enum(CS_TYPES),
  path: Type.String(),
  qrCodeUrl: Type.String(),
  labelNameEn: Type.String(),
  labelNameCn: Type.String(),
});
export type CustomerServiceItem = Static<typeof CustomerServiceItem>;

/** Brand configuration as the browser sees it (no secrets). */
export const WhitelabelInfo = Type.Object({
  brandName: Type.String(),
  platform: Type.String(),
  merchantCode: Type.String(),
  lotteryType: Type.String(),
  device: Type.String(),
  defaultLanguage: Language,
  supportedLanguages: Type.Array(Type.String()),
  uiLanguages: Type.Array(Type.String()),
  chatHeaderColour: Type.String(),
  theme: ThemeColours,
  currency: Type.String(),
  currencySymbol: Type.String(),
  /** ISO 3166 alpha-2: the brand's market (default dialing code of phone fields). */
  country: Type.String(),
  prizeModes: Type.Array(Type.String()),
  announcementTypes: Type.Array(Type.String()),
  defaultAnnouncementType: Type.String(),
  flags: Type.Record(Type.String(), Type.Boolean()),
  loginedToHomePage: Type.Boolean(),
  logoUrl: Type.String(),
});
export type WhitelabelInfo = Static<typeof WhitelabelInfo>;

/** GET /wps/system/status: the permission response of spec §3. */
export const SystemStatus = Type.Object({
  info: Type.Object({
    whitelabel: WhitelabelInfo,
    register: Type.Object({
      usernameRegistration: Type.Boolean(),
      mobileRegistration: Type.Boolean(),
      directRegistration: Type.Boolean(),
      freePlay: Type.Boolean(),
      smsLogin: Type.Boolean(),
    }),
    resources: Type.Array(Resource),
    customerService: Type.Array(CustomerServiceItem),
    analytics: Type.Object({ gtagId: Type.String() }),
    imageCDNs: Type.Array(Type.String()),
    launchGameCDNs: Type.Array(Type.String()),
  }),
  location: Type.Object({ ip: Type.String(), country: Type.String() }),
  /** 0 normal, 1 maintenance, 2 region restriction. */
  systemStatus: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
  maintenance: Type.Union([
    Type.Object({ maintainTime: Type.String(), endTime: Type.String() }),
    Type.Null(),
  ]),
  regionRestriction: Type.Boolean(),
});
export type SystemStatus = Static<typeof SystemStatus>;

export const MenuLink = Type.Object({
  key: Type.String(),
  /** A path inside the site (`/help?page=about`) or an absolute URL. */
  path: Type.String(),
  labelEn: Type.String(),
  labelMs: Type.String(),
  labelCn: Type.String(),
});
export type MenuLink = Static<typeof MenuLink>;

/** GET /wps/system/whitelabel: the brand's menus. */
export const WhitelabelMenu = Type.Object({
  brandName: Type.String(),
  logoUrl: Type.String(),
  footerLinks: Type.Array(MenuLink),
  helpMenu: Type.Array(MenuLink),
  copyright: Type.String(),
});
export type WhitelabelMenu = Static<typeof WhitelabelMenu>;

export const VendorCard = Type.Object({
  vassalage: Type.String(),
  displayName: Type.String(),
  smallIcon: Type.String(),
  isHot: Type.Boolean(),
});
export type VendorCard = Static<typeof VendorCard>;

/** GET /lgw/games/game_menus: categories in the brand's order, each with its vendors. */
export const GameMenus = Type.Array(
  Type.Object({
    gameCategory: Type.Enum(GAME_CATEGORIES),
    vendors: Type.Array(VendorCard),
  }),
);
export type GameMenus = Static<typeof GameMenus>;

/** GET /wps/system/domainRoute. */
export const DomainRoute = Type.Object({
  domainList: Type.Array(Type.Object({ domain: Type.String(), speed: Type.Integer() })),
  resources: Type.Array(Resource),
});
export type DomainRoute = Static<typeof DomainRoute>;

/** GET /wps/system/helpCenter: categories of help articles; `content` is sanitised HTML. */
export const HelpArticle = Type.Object({
  id: Type.String(),
  /** Stable slug; the footer's static links point at these (about, contact, terms, ...). */
  slug: Type.String(),
  title: Type.String(),
  content: Type.String(),
});
export const HelpCenter = Type.Object({
  categories: Type.Array(
    Type.Object({ id: Type.String(), title: Type.String(), articles: Type.Array(HelpArticle) }),
  ),
});
export type HelpCenter = Static<typeof HelpCenter>;

/** PUT /wps/feedback (multipart): `content` plus up to 3 png/jpg images under 5 MB (spec §5). */
export const FEEDBACK_RULES = {
  minLength: 1,
  maxLength: 140,
  maxImages: 3,
  maxImageBytes: IMAGE_UPLOAD_RULES.maxBytes,
  imageTypes: IMAGE_UPLOAD_RULES.types,
} as const;
export const FeedbackResult = Type.Object({ id: Type.String(), images: Type.Integer() });

export const Announcement = Type.Object({
  id: Type.String(),
  type: Type.Enum(ANNOUNCEMENT_TYPES),
  title: Type.String(),
  /** Sanitised HTML. */
  content: Type.String(),
  execution: Type.Enum(EXECUTIONS),
  promotionType: Type.Union([Type.String(), Type.Null()]),
  timestamp: Type.Integer(),
});
export type Announcement = Static<typeof Announcement>;

export const Banner = Type.Object({
  id: Type.String(),
  imageUrl: Type.String(),
  link: Type.String(),
  title: Type.String(),
});

/**
 * GET /wps/system/notice?types=B,PL,PU,PR&platform=W&execution=B: what the home page reads:
 * `player` (scrolling notices), banners, popup and promotion announcements.
 */
export const NoticeBundle = Type.Object({
  player: Type.Array(Announcement),
  banners: Type.Array(Banner),
  popup: Type.Array(Announcement),
  promotion: Type.Array(Announcement),
});
export type NoticeBundle = Static<typeof NoticeBundle>;

/** GET /wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&platform=W&execution=A|B|F */
export const AnnouncementList = Type.Array(Announcement);

export const CountryCode = Type.Object({ countryCode: Type.String(), countryDialingCode: Type.String() });
export const CountryCodeList = Type.Array(CountryCode);
export type CountryCode = Static<typeof CountryCode>;

/** GET /wps/system/customerService?type=3 */
export const CustomerServiceList = Type.Array(CustomerServiceItem);

/** PUT /wps/member/language { language } */
export const UpdateLanguageBody = Type.Object({ language: Type.String({ minLength: 2, maxLength: 5 }) });
export const UpdateLanguageResult = Type.Object({ language: Type.String() });
