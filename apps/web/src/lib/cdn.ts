/**
 * An image path served from one of the brand's image CDNs, chosen at random (spec §9). Absolute
 * URLs, and any path when the brand lists no CDN, are used as they are (same origin).
 */
export function cdnUrl(path: string, cdns: readonly string[], random: () => number = Math.random): string {
  if (!path.startsWith('/') || path.startsWith('//') || cdns.length === 0) return path;
  const cdn = cdns[Math.floor(random() * cdns.length)] ?? '';
  return `${cdn.replace(/\/+$/, '')}${path}`;
}
