import { describe, expect, it } from 'vitest';
import { safeUrl, sanitizeHtml } from './sanitize-html.ts';

/** The sanitised HTML as the page would hold it. */
function clean(html: string): string {
  const div = document.createElement('div');
  div.append(sanitizeHtml(html));
  return div.innerHTML;
}

describe('sanitizeHtml', () => {
  it('keeps formatting, tables, links and images of the policy', () => {
    expect(clean('<p align="center"><b>Bold</b> <em>and</em> <u>u</u></p>')).toBe(
      '<p align="center"><b>Bold</b> <em>and</em> <u>u</u></p>',
    );
    expect(clean('<table><tbody><tr><td colspan="2">x</td></tr></tbody></table>')).toBe(
      '<table><tbody><tr><td colspan="2">x</td></tr></tbody></table>',
    );
    expect(clean('<a href="/promotions" target="_self">Go</a>')).toBe(
      '<a href="/promotions" target="_blank" rel="noopener noreferrer">Go</a>',
    );
    expect(clean('<img src="https://cdn.example/a.png" alt="A" width="10" onerror="alert(1)">')).toBe(
      '<img src="https://cdn.example/a.png" alt="A" width="10">',
    );
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<img src=x onerror=alert(1)>', '<img src="x">'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href=" JaVa\tScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="javascript&colon;alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="//evil.example/">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', '<img>'],
    ['<svg><script>alert(1)</script><a href="javascript:alert(1)">x</a></svg>', ''],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<form action="/x"><input name="p"><button>Send</button></form>after', 'after'],
    ['<div style="position:fixed" class="note" onclick="x()">t</div>', '<div class="note">t</div>'],
    ['<style>body{display:none}</style><p>t</p>', '<p>t</p>'],
    ['<!-- comment --><p>t</p>', '<p>t</p>'],
    ['<custom-tag><b>kept text</b></custom-tag>', '<b>kept text</b>'],
    ['<template><img src=x onerror=alert(1)></template>', ''],
  ])('removes what could run script: %s', (input, expected) => {
    expect(clean(input)).toBe(expected);
  });

  it('never lets a handler through a parser difference (noscript is raw text where scripting is on)', () => {
    const out = clean('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>');
    expect(out).not.toMatch(/onerror|noscript|alert/);
  });

  it('keeps text as text, whatever it looks like', () => {
    expect(clean('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('safeUrl', () => {
  it('accepts relative URLs and the listed schemes only', () => {
    expect(safeUrl('/help?page=faq', ['https'])).toBe('/help?page=faq');
    expect(safeUrl('#top', ['https'])).toBe('#top');
    expect(safeUrl('mailto:cs@example.com', ['mailto'])).toBe('mailto:cs@example.com');
    expect(safeUrl('data:image/png;base64,iVBOR', ['data'])).toBe('data:image/png;base64,iVBOR');
    expect(safeUrl('data:image/svg+xml,<svg/>', ['data'])).toBeNull();
    expect(safeUrl('\u0000javascript:alert(1)', ['http', 'https'])).toBeNull();
    expect(safeUrl('\\\\evil.example', ['https'])).toBeNull();
  });
});
