import { type Static, Type } from 'typebox';
import { IdString } from './ids.ts';
import { REGISTRATION_FIELDS, RegistrationFieldConfig } from './registration.ts';
import { ANNOUNCEMENT_TYPES, CS_TYPES, EXECUTIONS } from './system.ts';

/**
 * Content management in the back office (issue 24): announcements and notices, banners by group,
 * help-centre pages, registration field rules. Every text in EN, MS and CN (MS and CN fall back to
 * EN when empty); HTML is sanitised by the server on the way in and out.
 */
export const CONTENT_RULES = {
  titleMaxLength: 200,
  contentMaxLength: 20_000,
  urlMaxLength: 1_000,
} as const;

export const BANNER_GROUPS = ['home', 'w_reg'] as const;
export type BannerGroup = (typeof BANNER_GROUPS)[number];

const Texts = (maxLength: number) =>
  Type.Object(
    {
      en: Type.String({ minLength: 1, maxLength }),
      ms: Type.String({ maxLength }),
      cn: Type.String({ maxLength }),
    },
    { additionalProperties: false },
  );
export type ContentTexts = { en: string; ms: string; cn: string };

/** An http(s) address or a path of the site; no spaces, quotes or angle brackets. */
const SiteUrl = (options: { allowEmpty: boolean }) =>
  Type.String({
    maxLength: CONTENT_RULES.urlMaxLength,
    pattern: options.allowEmpty ? '^(|(https?://|/)[^\\s<>"\'\\\\]*)$' : '^(https?://|/)[^\\s<>"\'\\\\]*$',
  });

export const ContentIdParams = Type.Object({ id: IdString() });

export const ContentAnnouncement = Type.Object({
  id: Type.String(),
  type: Type.Enum(ANNOUNCEMENT_TYPES),
  execution: Type.Enum(EXECUTIONS),
  promotionType: Type.Union([Type.String(), Type.Null()]),
  title: Texts(CONTENT_RULES.titleMaxLength),
  content: Texts(CONTENT_RULES.contentMaxLength),
  sortOrder: Type.Integer(),
  active: Type.Boolean(),
  publishedAt: Type.String({ format: 'date-time' }),
});
export type ContentAnnouncement = Static<typeof ContentAnnouncement>;
export const ContentAnnouncementList = Type.Array(ContentAnnouncement);

/**
 * An announcement: type B (bulletin), PL (player notice), PU (popup), PR (promotion), H; execution A
 * (members), B (visitors), F (first login); `promotionType` links a popup or promotion to the
 * promotion of that type (its page `/promotions?type=...`).
 */
export const AnnouncementBody = Type.Object(
  {
    type: Type.Enum(ANNOUNCEMENT_TYPES),
    execution: Type.Enum(EXECUTIONS),
    promotionType: Type.Union([Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }), Type.Null()]),
    title: Texts(CONTENT_RULES.titleMaxLength),
    content: Texts(CONTENT_RULES.contentMaxLength),
    sortOrder: Type.Integer({ minimum: 0, maximum: 9999 }),
    active: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type AnnouncementBody = Static<typeof AnnouncementBody>;

export const ContentBanner = Type.Object({
  id: Type.String(),
  group: Type.Enum(BANNER_GROUPS),
  imageUrl: Type.String(),
  link: Type.String(),
  title: Texts(CONTENT_RULES.titleMaxLength),
  sortOrder: Type.Integer(),
  active: Type.Boolean(),
});
export type ContentBanner = Static<typeof ContentBanner>;
export const ContentBannerList = Type.Array(ContentBanner);

export const BannerBody = Type.Object(
  {
    group: Type.Enum(BANNER_GROUPS),
    imageUrl: SiteUrl({ allowEmpty: false }),
    link: SiteUrl({ allowEmpty: true }),
    title: Texts(CONTENT_RULES.titleMaxLength),
    sortOrder: Type.Integer({ minimum: 0, maximum: 9999 }),
    active: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type BannerBody = Static<typeof BannerBody>;

export const ContentHelpArticle = Type.Object({
  id: Type.String(),
  categoryId: Type.String(),
  slug: Type.String(),
  title: Texts(CONTENT_RULES.titleMaxLength),
  content: Texts(CONTENT_RULES.contentMaxLength),
  sortOrder: Type.Integer(),
});
export type ContentHelpArticle = Static<typeof ContentHelpArticle>;

export const ContentHelpCategory = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  title: Texts(CONTENT_RULES.titleMaxLength),
  sortOrder: Type.Integer(),
  articles: Type.Array(ContentHelpArticle),
});
export type ContentHelpCategory = Static<typeof ContentHelpCategory>;
export const ContentHelpCentre = Type.Array(ContentHelpCategory);

const Slug = Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 60 });

export const HelpCategoryBody = Type.Object(
  {
    slug: Slug,
    title: Texts(CONTENT_RULES.titleMaxLength),
    sortOrder: Type.Integer({ minimum: 0, maximum: 9999 }),
  },
  { additionalProperties: false },
);
export type HelpCategoryBody = Static<typeof HelpCategoryBody>;

export const HelpArticleBody = Type.Object(
  {
    categoryId: IdString(),
    slug: Slug,
    title: Texts(CONTENT_RULES.titleMaxLength),
    content: Texts(CONTENT_RULES.contentMaxLength),
    sortOrder: Type.Integer({ minimum: 0, maximum: 9999 }),
  },
  { additionalProperties: false },
);
export type HelpArticleBody = Static<typeof HelpArticleBody>;

/** POST /bo/v1/content/preview: rich text as the member will see it (the server's sanitiser). */
export const ContentPreviewBody = Type.Object(
  { html: Type.String({ maxLength: CONTENT_RULES.contentMaxLength }) },
  { additionalProperties: false },
);
export const ContentPreview = Type.Object({ html: Type.String() });

const fieldRules = Object.fromEntries(
  REGISTRATION_FIELDS.map((name) => [name, Type.Optional(RegistrationFieldConfig)]),
) as Record<
  (typeof REGISTRATION_FIELDS)[number],
  ReturnType<typeof Type.Optional<typeof RegistrationFieldConfig>>
>;

/** The registration field rules of the brand (every field of REGISTRATION_FIELDS). */
export const RegistrationRules = Type.Object({
  fields: Type.Record(Type.String(), RegistrationFieldConfig),
});
export type RegistrationRules = Static<typeof RegistrationRules>;

/** PUT /bo/v1/content/registration: the fields sent replace their rules; others stay. */
export const RegistrationRulesBody = Type.Object(
  { fields: Type.Object(fieldRules, { additionalProperties: false, minProperties: 1 }) },
  { additionalProperties: false },
);
export type RegistrationRulesBody = {
  fields: Partial<Record<(typeof REGISTRATION_FIELDS)[number], RegistrationFieldConfig>>;
};

/**
 * A customer-service channel of the right bar: live chat, WhatsApp, Telegram, or VIP service (shown
 * only to members above rank 4). `url` opens in the customer window; the labels in EN, MS, CN.
 */
export const CsChannel = Type.Object(
  {
    csType: Type.Enum(CS_TYPES),
    url: Type.String({ maxLength: CONTENT_RULES.urlMaxLength, pattern: '^(https?://|/)[^\\s<>"\'\\\\]*$' }),
    qrCodeUrl: SiteUrl({ allowEmpty: true }),
    label: Texts(60),
  },
  { additionalProperties: false },
);
export type CsChannel = Static<typeof CsChannel>;

/** PUT /bo/v1/content/cs-channels: the brand's channels, at most one of each type, in this order. */
export const CsChannelsBody = Type.Object(
  { channels: Type.Array(CsChannel, { maxItems: CS_TYPES.length }) },
  { additionalProperties: false },
);
export type CsChannelsBody = Static<typeof CsChannelsBody>;
export const CsChannelList = Type.Array(CsChannel);

/**
 * A link of the site's footer (spec §2): a stable key, a path of the site or an http(s) address,
 * and its label in EN, MS and CN (plain text; an empty MS or CN shows the EN label).
 */
export const FooterLink = Type.Object(
  {
    key: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 60 }),
    path: SiteUrl({ allowEmpty: false }),
    label: Texts(60),
  },
  { additionalProperties: false },
);
export type FooterLink = Static<typeof FooterLink>;
export const FOOTER_LINKS_MAX = 20;

/** PUT /bo/v1/content/footer-links: the footer's links in their order, keys unique. */
export const FooterLinksBody = Type.Object(
  { links: Type.Array(FooterLink, { maxItems: FOOTER_LINKS_MAX }) },
  { additionalProperties: false },
);
export type FooterLinksBody = Static<typeof FooterLinksBody>;
export const FooterLinkList = Type.Array(FooterLink);
