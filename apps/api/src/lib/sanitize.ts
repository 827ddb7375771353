import sanitizeHtml from 'sanitize-html';

/**
 * The one HTML policy for announcement and help content: normal formatting, tables, links and images;
 * no scripts, styles, event handlers or javascript: URLs. Applied when content is written and again
 * when it is served, so a row written around this code still cannot carry script to a browser.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'style'),
    'img',
    'span',
    'font',
    'u',
    's',
  ],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align', 'scope'],
    p: ['align'],
    span: ['class'],
    div: ['class'],
    font: ['color'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}
