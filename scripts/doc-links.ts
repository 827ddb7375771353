import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository's documents link each other by relative paths (README.md -> docs/<domain>.md ->
 * code and results). This finds every Markdown link of the documents below and reports the ones
 * that point at nothing: a missing file, or a `#fragment` that names no heading of its Markdown
 * file. It also reports a document of docs/ that README.md does not link, so none is orphaned.
 * Links inside code (fenced blocks, `inline`) are not links; http(s) and mail links are not checked.
 */
export type LinkProblem = { file: string; link: string; problem: string };

/** The documents checked: the README, docs/, and each app's README. */
export function documentFiles(root: string): string[] {
  const files = ['README.md'];
  const docs = path.join(root, 'docs');
  if (existsSync(docs)) {
    for (const name of readdirSync(docs).sort()) if (name.endsWith('.md')) files.push(`docs/${name}`);
  }
  const apps = path.join(root, 'apps');
  if (existsSync(apps)) {
    for (const app of readdirSync(apps).sort()) {
      if (existsSync(path.join(apps, app, 'README.md'))) files.push(`apps/${app}/README.md`);
    }
  }
  return files.filter((file) => existsSync(path.join(root, file)));
}

/** Markdown without its fenced code blocks. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** Markdown without its code: fenced blocks and inline code spans become blank. */
function withoutCode(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** The link targets of a Markdown text, in order: `[text](target)` and `[text](target "title")`. */
export function markdownLinks(markdown: string): string[] {
  const links: string[] = [];
  for (const match of withoutCode(markdown).matchAll(/\]\(\s*<?([^()\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    links.push(match[1] as string);
  }
  return links;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (a repeated heading gets -1, -2, ... as on GitHub). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = headingSlug((match[1] as string).replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

export function checkDocLinks(root: string): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const files = documentFiles(root);
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const link of markdownLinks(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
      const [target = '', fragment] = link.split('#', 2);
      const resolved =
        target === ''
          ? path.join(root, file)
          : path.resolve(path.dirname(path.join(root, file)), decodeURIComponent(target));
      if (!resolved.startsWith(root + path.sep) && resolved !== root) {
        problems.push({ file, link, problem: 'points outside the repository' });
        continue;
      }
      if (!existsSync(resolved)) {
        problems.push({ file, link, problem: 'no such file' });
        continue;
      }
      if (fragment && resolved.endsWith('.md') && statSync(resolved).isFile()) {
        if (!headingAnchors(readFileSync(resolved, 'utf8')).has(fragment)) {
          problems.push({ file, link, problem: `no heading #${fragment}` });
        }
      }
    }
  }
  const fromReadme = new Set(
    markdownLinks(readFileSync(path.join(root, 'README.md'), 'utf8')).map((link) =>
      path.normalize(decodeURIComponent(link.split('#')[0] ?? '')),
    ),
  );
  for (const file of files.filter((f) => f.startsWith('docs/'))) {
    if (!fromReadme.has(path.normalize(file))) {
      problems.push({ file: 'README.md', link: file, problem: 'document not linked from the README' });
    }
  }
  return problems;
}

if (import.meta.main) {
  const problems = checkDocLinks(path.join(import.meta.dirname, '..'));
  for (const { file, link, problem } of problems) process.stdout.write(`${file}: ${link}: ${problem}\n`);
  process.exit(problems.length > 0 ? 1 : 0);
}
