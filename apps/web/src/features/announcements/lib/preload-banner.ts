import type { NoticeBundle, SystemStatus } from '@lotus/contracts/system';
import { cdnUrl } from '../../../lib/cdn.ts';

/**
 * Starts the first home banner's art as soon as the notice and status answers are here, before the
 * page renders: it is the home page's largest paint, and its request no longer waits for the render.
 */
export function preloadFirstBanner(
  notices: NoticeBundle | undefined,
  status: SystemStatus | undefined,
): void {
  const first = notices?.banners[0];
  if (!first || !status) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = cdnUrl(first.imageUrl, status.info.imageCDNs);
  link.fetchPriority = 'high';
  document.head.append(link);
}
