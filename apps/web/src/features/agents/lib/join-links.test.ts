import { describe, expect, it } from 'vitest';
import { joinLinksToForm } from './join-links.ts';

describe('joinLinksToForm', () => {
  it('points the links to /join at the form and leaves every other link as it is', () => {
    const html =
      '<p>Open the <a href="/join">affiliate page</a>, <a href="/join/?x=1">again</a> or <a href="/help?page=terms">terms</a>.</p>';
    const out = joinLinksToForm(html, 'apply');
    const doc = new DOMParser().parseFromString(out, 'text/html');
    expect([...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '#apply',
      '#apply',
      '/help?page=terms',
    ]);
    expect(doc.body.textContent).toBe('Open the affiliate page, again or terms.');
  });

  it('keeps other sites, look-alike paths and text without links unchanged', () => {
    for (const html of [
      '<a href="https://elsewhere.example/join">x</a>',
      '<a href="//elsewhere.example/join">x</a>',
      '<a href="/joinus">x</a>',
      '<a href="/help/join">x</a>',
      '<p>no links</p>',
      '',
    ]) {
      expect(joinLinksToForm(html, 'apply')).toBe(html);
    }
  });
});
