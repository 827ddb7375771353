/**
 * The browser's second pass over announcement and help HTML (the server sanitises it with
 * sanitize-html when it is written and when it is served; this pass keeps a mistaken or compromised
 * answer from running script in the page). The policy is the server's (apps/api/src/lib/sanitize.ts):
 * formatting, tables, links and images; no scripts, styles, event handlers, forms, SVG or MathML.
 *
 * The sanitising itself is not ours: where the browser has the standard HTML Sanitizer API
 * (`Element.setHTML`, safe by construction: it never keeps script-running markup whatever the
 * configuration) the policy is handed to it, which costs the first page nothing; elsewhere DOMPurify
 * is loaded on demand with the same policy. Both parse the HTML in an inert document and insert
 * nodes, never a string parsed again. What follows them is our own policy on top: link and image
 * URLs limited to the listed schemes, and every link opened without an opener.
 */

// biome-ignore format: the server policy's tag list, kept compact
export const ALLOWED_TAGS = [
  'address', 'article', 'aside', 'footer', 'header', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hgroup',
  'main', 'nav', 'section', 'blockquote', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'hr',
  'li', 'menu', 'ol', 'p', 'pre', 'ul', 'a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data',
  'dfn', 'em', 'i', 'kbd', 'mark', 'q', 'rb', 'rp', 'rt', 'rtc', 'ruby', 's', 'samp', 'small', 'span',
  'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'caption', 'col', 'colgroup', 'table', 'tbody',
  'td', 'tfoot', 'th', 'thead', 'tr', 'img', 'font',
] as const;

/** Attributes allowed per element; none on the others. */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'name', 'target', 'title'],
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

/** Our policy after the sanitiser: URL schemes, and links that open without an opener. */
function finish(root: ParentNode): void {
  for (const [key, schemes] of Object.entries(URL_SCHEMES)) {
    const [tag, attribute] = key.split('.') as [string, string];
    for (const element of Array.from(root.querySelectorAll(`${tag}[${attribute}]`))) {
      const kept = safeUrl(element.getAttribute(attribute) ?? '', schemes);
      if (kept === null) element.removeAttribute(attribute);
    }
  }
  for (const link of Array.from(root.querySelectorAll('a'))) {
    link.setAttribute('rel', 'noopener noreferrer');
    if (link.hasAttribute('target')) link.setAttribute('target', '_blank');
  }
}

type SanitizerConfig = {
  elements: (string | { name: string; attributes: string[] })[];
  attributes: string[];
  comments: boolean;
};
type WithSetHtml = { setHTML?: (html: string, options: { sanitizer: SanitizerConfig }) => void };

const SANITIZER_CONFIG: SanitizerConfig = {
  elements: ALLOWED_TAGS.map((name) => {
    const attributes = ALLOWED_ATTRIBUTES[name];
    return attributes ? { name, attributes: [...attributes] } : name;
  }),
  attributes: [],
  comments: false,
};

/**
 * Replaces the content of `target` with the allowed part of `html`: at once through the browser's
 * Sanitizer API, or once DOMPurify has loaded (answers when the content is in place).
 */
export async function renderSafeHtml(target: HTMLElement, html: string): Promise<void> {
  const setHtml = (target as unknown as WithSetHtml).setHTML;
  if (typeof setHtml === 'function') {
    setHtml.call(target, html, { sanitizer: SANITIZER_CONFIG });
  } else {
    const { default: DOMPurify } = await import('dompurify');
    const fragment = DOMPurify.sanitize(html, {
      ALLOWED_TAGS: [...ALLOWED_TAGS],
      ALLOWED_ATTR: [...new Set(Object.values(ALLOWED_ATTRIBUTES).flat())],
      ALLOW_DATA_ATTR: false,
      RETURN_DOM_FRAGMENT: true,
    });
    // An attribute allowed on one element is not allowed on every other.
    for (const element of Array.from(fragment.querySelectorAll('*'))) {
      const allowed = ALLOWED_ATTRIBUTES[element.localName] ?? [];
      for (const name of element.getAttributeNames()) {
        if (!allowed.includes(name)) element.removeAttribute(name);
      }
    }
    target.replaceChildren(fragment);
  }
  finish(target);
}
