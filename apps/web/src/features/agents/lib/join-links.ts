/**
 * The affiliates article shown on /join asks the reader to "open the affiliate page to apply": on
 * that page itself such a link would only reload it. Each link to /join (any origin-relative form,
 * with or without a query) becomes a link to the application form's anchor instead (issue 24).
 */
export function joinLinksToForm(html: string, formId: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  let changed = false;
  for (const a of doc.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href') ?? '';
    let url: URL;
    try {
      url = new URL(href, 'https://site.invalid/');
    } catch {
      continue;
    }
    if (url.origin === 'https://site.invalid' && url.pathname.replace(/\/+$/, '') === '/join') {
      a.setAttribute('href', `#${formId}`);
      changed = true;
    }
  }
  return changed ? doc.body.innerHTML : html;
}
