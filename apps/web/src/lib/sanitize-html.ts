/**
 * The browser's copy of the server's HTML policy for announcements and help content
 * (apps/api/src/lib/sanitize.ts: formatting, tables, links and images; no scripts, styles, event
 * handlers, forms or javascript: URLs). The server sanitises when content is written and when it is
 * served; this second pass keeps a mistaken answer from running script in the page.
 *
 * How: the HTML is parsed into an inert document (DOMParser: nothing runs, nothing loads), and an
 * allowed subset is rebuilt element by element in the page's own document, each element created
 * fresh with only the allowed attributes. The result is inserted as nodes, never as an HTML string,
 * so no second parse can turn it into something else (the mutation-XSS route), and SVG and MathML
 * (with their own parsing rules) never come through. About 1 KB, instead of DOMPurify's 10 KB on
 * the first page.
 */

const HTML_NS = 'http://www.w3.org/1999/xhtml';

// biome-ignore format: the server policy's tag list, kept compact
const ALLOWED_TAGS = new Set([
  'address', 'article', 'aside', 'footer', 'header', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hgroup',
  'main', 'nav', 'section', 'blockquote', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'hr',
  'li', 'menu', 'ol', 'p', 'pre', 'ul', 'a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data',
  'dfn', 'em', 'i', 'kbd', 'mark', 'q', 'rb', 'rp', 'rt', 'rtc', 'ruby', 's', 'samp', 'small', 'span',
  'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'caption', 'col', 'colgroup', 'table', 'tbody',
  'td', 'tfoot', 'th', 'thead', 'tr', 'img', 'font',
]);

/** Left out together with everything inside: their content is code, markup or controls, not prose. */
// biome-ignore format: a list, kept compact
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed',
  'applet', 'textarea', 'select', 'option', 'button', 'form', 'input', 'title', 'xmp', 'noembed',
  'noframes', 'plaintext', 'head', 'link', 'meta', 'base',
]);

const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'name', 'target', 'rel', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
  td: ['colspan', 'rowspan', 'align'],
  th: ['colspan', 'rowspan', 'align', 'scope'],
  p: ['align'],
  span: ['class'],
  div: ['class'],
  font: ['color'],
};

/** URL attributes and the schemes they may use (relative URLs are always fine). */
const URL_SCHEMES: Readonly<Record<string, readonly string[]>> = {
  'a.href': ['http', 'https', 'mailto', 'tel'],
  'img.src': ['http', 'https', 'data'],
};

/** A URL the policy accepts, or null. Browsers ignore whitespace and controls inside a scheme. */
export function safeUrl(value: string, schemes: readonly string[]): string | null {
  const url = value.trim();
  if (url.startsWith('//') || url.startsWith('\\\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return url;
  if (!schemes.includes(scheme)) return null;
  if (scheme === 'data' && !/^data:image\/(png|jpe?g|gif|webp)[;,]/i.test(compact)) return null;
  return url;
}

function copyChildren(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === 3) to.appendChild(doc.createTextNode(child.nodeValue ?? ''));
    else if (child.nodeType === 1) copyElement(child as Element, to, doc);
    // Comments, processing instructions and CDATA are left out.
  }
}

function copyElement(element: Element, to: Node, doc: Document): void {
  if (element.namespaceURI !== HTML_NS) return;
  const tag = element.localName;
  if (DROPPED_WITH_CONTENT.has(tag)) return;
  if (!ALLOWED_TAGS.has(tag)) {
    copyChildren(element, to, doc);
    return;
  }
  const clean = doc.createElement(tag);
  for (const name of ATTRIBUTES[tag] ?? []) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    const schemes = URL_SCHEMES[`${tag}.${name}`];
    const kept = schemes ? safeUrl(value, schemes) : value;
    if (kept !== null) clean.setAttribute(name, kept);
  }
  if (tag === 'a') {
    clean.setAttribute('rel', 'noopener noreferrer');
    if (clean.hasAttribute('target')) clean.setAttribute('target', '_blank');
  }
  copyChildren(element, clean, doc);
  to.appendChild(clean);
}

/** The allowed part of `html` as nodes of `doc`, ready to insert. */
export function sanitizeHtml(html: string, doc: Document = document): DocumentFragment {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const fragment = doc.createDocumentFragment();
  copyChildren(parsed.body, fragment, doc);
  return fragment;
}
