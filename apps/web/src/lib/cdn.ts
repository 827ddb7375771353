/** One draw per page load: every image of the visit comes from the same CDN, and a component
 * that renders again asks for the same URL (no second download of the same image). */
const PAGE_DRAW = Math.random();

/**
 * An image path served from one of the brand's image CDNs, chosen at random (spec §9) once per page
 * load. Absolute URLs, and any path when the brand lists no CDN, are used as they are (same origin).
 */
export function cdnUrl(
  path: string,
  cdns: readonly string[],
  random: () => number = () => PAGE_DRAW,
): string {
  if (!path.startsWith('/') || path.startsWith('//') || cdns.length === 0) return path;
  const cdn = cdns[Math.floor(random() * cdns.length)] ?? '';
  return `${cdn.replace(/\/+$/, '')}${path}`;
}
