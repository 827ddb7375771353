import type { Db } from '../../db/database.ts';
import { listBrandDomains } from './brand.repository.ts';
import type { Brand } from './brand.ts';

/** Host names that only ever reach the local machine: the demo's, served over plain http. */
function isLoopbackName(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]' ||
    hostname === '::1'
  );
}

function splitHost(host: string): { hostname: string; port: string } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
  return { hostname: match?.[1] ?? '', port: match?.[2] ?? '' };
}

/**
 * The origin of links the platform sends (reset e-mails, SMS, payment gateways' return pages): always
 * one of the brand's configured domains (`brand_domains`), never a name taken from the request. The
 * request's `Host` (which `X-Forwarded-Host` may set) only chooses among the configured domains; an
 * unknown name falls back to the brand's first public domain. Public domains are `https` without a
 * port; loopback names (the local demo) are `http` and keep the request's port.
 */
export async function brandOrigin(db: Db, brand: Pick<Brand, 'id'>, requestHost: string): Promise<string> {
  const domains = await listBrandDomains(db, brand.id);
  const { hostname, port } = splitHost(requestHost);
  const chosen =
    domains.find((domain) => domain === hostname) ??
    domains.find((domain) => !isLoopbackName(domain)) ??
    domains[0];
  if (!chosen) throw new Error(`brand ${brand.id} has no configured domain to build links on`);
  if (!isLoopbackName(chosen)) return `https://${chosen}`;
  return chosen === hostname && port ? `http://${chosen}:${port}` : `http://${chosen}`;
}
