/** Only https game URLs on one of the brand's game-launch CDNs may be framed by /game. */
export function allowedGameUrl(raw: string | null, launchCdns: readonly string[]): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const hosts = launchCdns.flatMap((cdn) => {
    try {
      return [new URL(cdn.includes('://') ? cdn : `https://${cdn}`).host];
    } catch {
      return [];
    }
  });
  return hosts.includes(url.host) ? url.toString() : null;
}
