/** The registration link that puts a new member under the agent (the register modal reads ?affiliateCode=). */
export function referralLink(origin: string, affiliateCode: string): string {
  return `${origin}/register?affiliateCode=${encodeURIComponent(affiliateCode)}`;
}
