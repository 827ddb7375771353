import { describe, expect, it } from 'vitest';
import { renderSafeHtml, safeUrl } from './sanitize-html.ts';

/** The sanitised HTML as the page would hold it (jsdom has no Sanitizer API: the DOMPurify path). */
async function clean(html: string): Promise<string> {
  const div = document.createElement('div');
  await renderSafeHtml(div, html);
  return div.innerHTML;
}

describe('renderSafeHtml', () => {
  it('keeps formatting, tables, links and images of the policy', async () => {
    expect(await clean('<p align="center"><b>Bold</b> <em>and</em> <u>u</u></p>')).toBe(
      '<p align="center"><b>Bold</b> <em>and</em> <u>u</u></p>',
    );
    expect(await clean('<table><tbody><tr><td colspan="2">x</td></tr></tbody></table>')).toBe(
      '<table><tbody><tr><td colspan="2">x</td></tr></tbody></table>',
    );
    expect(await clean('<a href="/promotions" target="_self">Go</a>')).toBe(
      '<a href="/promotions" target="_blank" rel="noopener noreferrer">Go</a>',
    );
    expect(await clean('<img src="https://cdn.example/a.png" alt="A" width="10" onerror="alert(1)">')).toBe(
      '<img src="https://cdn.example/a.png" alt="A" width="10">',
    );
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<img src=x onerror=alert(1)>', '<img src="x">'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href=" JaVa\tScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="//evil.example/">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', '<img>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<div style="position:fixed" class="note" onclick="x()">t</div>', '<div class="note">t</div>'],
    ['<p class="lead" title="t">t</p>', '<p>t</p>'],
    ['<style>body{display:none}</style><p>t</p>', '<p>t</p>'],
    ['<!-- comment --><p>t</p>', '<p>t</p>'],
    ['<custom-tag><b>kept text</b></custom-tag>', '<b>kept text</b>'],
    ['<template><img src=x onerror=alert(1)></template>', ''],
  ])('removes what could run script or break the policy: %s', async (input, expected) => {
    expect(await clean(input)).toBe(expected);
  });

  it.each([
    '<svg><script>alert(1)</script><a href="javascript:alert(1)">x</a></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>',
    '<form action="/x"><input name="p" onfocus="alert(1)" autofocus><button formaction="javascript:alert(1)">Send</button></form>',
  ])('leaves no handler, script URL or foreign markup through a parser difference: %s', async (input) => {
    const out = await clean(input);
    expect(out).not.toMatch(/onerror|onfocus|javascript|<svg|<math|<form|<input|<button|<script|noscript/i);
  });

  it('keeps text as text, whatever it looks like', async () => {
    expect(await clean('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });

  it('hands the policy to the browser’s Sanitizer API where it exists, and still applies the URL rules', async () => {
    const div = document.createElement('div');
    const calls: unknown[] = [];
    Object.assign(div, {
      setHTML(html: string, options: unknown) {
        calls.push(options);
        // What a conforming Sanitizer keeps of this input under the configuration.
        div.innerHTML = html.replace(' onclick="x()"', '');
      },
    });
    await renderSafeHtml(div, '<a href="vbscript:x" onclick="x()">x</a>');
    expect(div.innerHTML).toBe('<a rel="noopener noreferrer">x</a>');
    expect(calls).toEqual([
      expect.objectContaining({
        sanitizer: expect.objectContaining({ attributes: [], comments: false }),
      }),
    ]);
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
