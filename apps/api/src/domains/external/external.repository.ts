import type { Db } from '../../db/database.ts';

export const EXTERNAL_PROVIDERS = ['google', 'facebook'] as const;
export type ExternalProviderName = (typeof EXTERNAL_PROVIDERS)[number];
/** The brand flag that switches each provider on (spec §6). */
export const PROVIDER_FLAG: Record<ExternalProviderName, string> = {
  google: 'GOOGLELOGIN3',
  facebook: 'FACEBOOKLOGIN3',
};

export type ExternalProvider = { issuer: string; clientId: string; clientSecret: string };

export async function findProvider(
  db: Db,
  brandId: string,
  provider: ExternalProviderName,
): Promise<ExternalProvider | null> {
  const row = await db
    .selectFrom('external_providers')
    .select(['issuer', 'client_id', 'client_secret'])
    .where('brand_id', '=', brandId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return row ? { issuer: row.issuer, clientId: row.client_id, clientSecret: row.client_secret } : null;
}

export async function upsertProvider(
  db: Db,
  brandId: string,
  provider: ExternalProviderName,
  config: ExternalProvider,
): Promise<void> {
  const values = { issuer: config.issuer, client_id: config.clientId, client_secret: config.clientSecret };
  await db
    .insertInto('external_providers')
    .values({ brand_id: brandId, provider, ...values })
    .onConflict((oc) => oc.columns(['brand_id', 'provider']).doUpdateSet(values))
    .execute();
}

export type LoginState = {
  brandId: string;
  provider: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
};

export async function saveLoginState(
  db: Db,
  state: string,
  value: LoginState,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('external_login_states')
    .values({
      state,
      brand_id: value.brandId,
      provider: value.provider,
      code_verifier: value.codeVerifier,
      nonce: value.nonce,
      redirect_uri: value.redirectUri,
      expires_at: expiresAt,
    })
    .execute();
}

/** Reads and deletes a state in one step: each state is used once. */
export async function takeLoginState(
  db: Db,
  state: string,
): Promise<(LoginState & { expiresAt: Date }) | null> {
  const row = await db
    .deleteFrom('external_login_states')
    .where('state', '=', state)
    .returning(['brand_id', 'provider', 'code_verifier', 'nonce', 'redirect_uri', 'expires_at'])
    .executeTakeFirst();
  if (!row) return null;
  return {
    brandId: row.brand_id,
    provider: row.provider,
    codeVerifier: row.code_verifier,
    nonce: row.nonce,
    redirectUri: row.redirect_uri,
    expiresAt: row.expires_at,
  };
}

export async function findIdentityMember(
  db: Db,
  brandId: string,
  provider: string,
  subject: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('external_identities')
    .select('member_id')
    .where('brand_id', '=', brandId)
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.member_id ?? null;
}

export async function linkIdentity(
  db: Db,
  link: { brandId: string; provider: string; subject: string; memberId: string },
): Promise<void> {
  await db
    .insertInto('external_identities')
    .values({
      brand_id: link.brandId,
      provider: link.provider,
      subject: link.subject,
      member_id: link.memberId,
    })
    .onConflict((oc) => oc.columns(['brand_id', 'provider', 'subject']).doNothing())
    .execute();
}
