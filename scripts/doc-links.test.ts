import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDocLinks, headingAnchors, markdownLinks } from './doc-links.ts';
import { throwawayTrees } from './testing/tree.ts';

const repoRoot = path.join(import.meta.dirname, '..');
const tree = throwawayTrees('doc-links-');

const problems = (root: string) => checkDocLinks(root).map((p) => `${p.file}: ${p.link}: ${p.problem}`);

describe('the documents’ links', () => {
  it('all resolve in the repository, and README.md links every document of docs/', () => {
    expect(problems(repoRoot)).toEqual([]);
  });

  it('reads links outside code only, with or without a title', () => {
    const markdown = [
      'See [a](docs/a.md) and [`b`](docs/b.md#part "B").',
      'Not `[c](docs/c.md)`, nor:',
      '```',
      '[d](docs/d.md)',
      '```',
      '<https://example.com> [e](https://example.com/e)',
    ].join('\n');
    expect(markdownLinks(markdown)).toEqual(['docs/a.md', 'docs/b.md#part', 'https://example.com/e']);
  });

  it("names headings' anchors as GitHub does", () => {
    const anchors = headingAnchors('# Lotus — the platform\n## What `npm test` runs\n## Money\n## Money\n');
    expect([...anchors]).toEqual(['lotus--the-platform', 'what-npm-test-runs', 'money', 'money-1']);
  });

  it('fails on a missing file, a missing heading, a link out of the repository and an unlinked document', () => {
    const root = tree({
      'README.md':
        '# Top\n[one](docs/one.md) [gone](docs/gone.md) [part](docs/one.md#nowhere) [out](../x.md)\n',
      'docs/one.md': '# One\n## Here\n[back](../README.md#top) [here](#here) [code](../src/a.ts)\n',
      'docs/orphan.md': '# Orphan\n',
      'src/a.ts': 'export {};\n',
    });
    expect(problems(root)).toEqual([
      'README.md: docs/gone.md: no such file',
      'README.md: docs/one.md#nowhere: no heading #nowhere',
      'README.md: ../x.md: points outside the repository',
      'README.md: docs/orphan.md: document not linked from the README',
    ]);
  });
});
