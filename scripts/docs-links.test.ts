// Every relative link in README.md and docs/**/*.md leads somewhere: to a file or folder that exists, and with a
// `#anchor` to a heading of that page (GitHub's slugs). The README stays short enough to read in minutes.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt, { type Token } from 'markdown-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from './server-build.mjs';

const README_MAX_LINES = 160;

const markdown = new MarkdownIt({ html: true });

/** The text a heading shows, from which GitHub makes its anchor (code spans without their backticks). */
function headingText(inline: Token | undefined): string {
  return (inline?.children ?? [])
    .filter((child) => child.type === 'text' || child.type === 'code_inline')
    .map((child) => child.content)
    .join('');
}

/** The anchors of a page's headings, as GitHub makes them (a repeated heading gets -1, -2…). */
function headingAnchors(source: string): Set<string> {
  const slugger = new GithubSlugger();
  const tokens = markdown.parse(source, {});
  const anchors = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.type === 'heading_open') anchors.add(slugger.slug(headingText(tokens[index + 1])));
  });
  return anchors;
}

/** The targets of a page's links and images, as written. */
function linkTargets(source: string): string[] {
  const targets: string[] = [];
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'link_open') targets.push(String(token.attrGet('href') ?? ''));
      if (token.type === 'image') targets.push(String(token.attrGet('src') ?? ''));
      if (token.children) visit(token.children);
    }
  };
  visit(markdown.parse(source, {}));
  return targets;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** What is wrong with the relative links of `file` (a path under `root`): one line each, none when all lead somewhere. */
async function brokenLinks(root: string, file: string): Promise<string[]> {
  const source = await readFile(join(root, file), 'utf8');
  const problems: string[] = [];
  for (const target of linkTargets(source)) {
    if (isExternal(target)) continue;
    const [path = '', anchor] = target.split('#', 2);
    const targetFile = path === '' ? join(root, file) : resolve(dirname(join(root, file)), decodeURI(path));
    if (!existsSync(targetFile)) {
      problems.push(`${file}: ${target} leads to no file (${relative(root, targetFile)})`);
      continue;
    }
    if (anchor === undefined || !targetFile.endsWith('.md')) continue;
    const anchors = headingAnchors(await readFile(targetFile, 'utf8'));
    if (!anchors.has(decodeURIComponent(anchor))) {
      problems.push(`${file}: ${target} names no heading of ${relative(root, targetFile)}`);
    }
  }
  return problems;
}

/** README.md and every page under docs/, as paths under `root`. */
async function documentationFiles(root: string): Promise<string[]> {
  const docs = await readdir(join(root, 'docs'), { recursive: true });
  return [
    'README.md',
    ...docs.filter((name) => name.endsWith('.md')).map((name) => join('docs', name)),
  ].sort();
}

describe('the documentation', () => {
  it('links only to files that exist, and to headings those pages have', async () => {
    const files = await documentationFiles(projectRoot);
    expect(files).toContain(join('docs', 'architecture.md'));
    const problems = (await Promise.all(files.map((file) => brokenLinks(projectRoot, file)))).flat();
    expect(problems).toEqual([]);
  });

  it(`keeps the README to at most ${README_MAX_LINES} lines`, async () => {
    const readme = await readFile(join(projectRoot, 'README.md'), 'utf8');
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });
});

describe('the link check', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'clinic-docs-links-'));
    await mkdir(join(root, 'docs', 'decisions'), { recursive: true });
    await writeFile(
      join(root, 'docs', 'guide.md'),
      [
        '# Guide',
        '## Running `npm start`: the first time',
        '## Notes',
        '## Notes',
        '## Sign-in limits and proxies',
      ].join('\n\n'),
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("makes GitHub's anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered", () => {
    expect([
      ...headingAnchors('# Guide\n\n## Running `npm start`: the first time\n\n## Notes\n\n## Notes\n'),
    ]).toEqual(['guide', 'running-npm-start-the-first-time', 'notes', 'notes-1']);
    expect([
      ...headingAnchors("## An appointment's life\n\n### Bookings and card payments (Stripe)\n"),
    ]).toEqual(['an-appointments-life', 'bookings-and-card-payments-stripe']);
  });

  it('passes links to files, folders and headings that exist, and leaves other sites alone', async () => {
    await writeFile(
      join(root, 'README.md'),
      [
        '[guide](docs/guide.md), [its start](docs/guide.md#running-npm-start-the-first-time),',
        '[the second notes](docs/guide.md#notes-1), [decisions](docs/decisions/), [top](#readme),',
        '[Fastify](https://fastify.dev/docs/latest/#nothing-checked), [mail](mailto:info@example.ie)',
        '',
        '# Readme',
      ].join('\n'),
    );
    expect(await brokenLinks(root, 'README.md')).toEqual([]);
  });

  it('reports a missing file, a missing heading, and a missing heading of the page itself', async () => {
    await writeFile(
      join(root, 'docs', 'broken.md'),
      '[gone](operations.md) [no such part](guide.md#backups) [here](#nowhere) ![shot](screenshots/home-360.webp)\n',
    );
    expect(await brokenLinks(root, join('docs', 'broken.md'))).toEqual([
      'docs/broken.md: operations.md leads to no file (docs/operations.md)',
      'docs/broken.md: guide.md#backups names no heading of docs/guide.md',
      'docs/broken.md: #nowhere names no heading of docs/broken.md',
      'docs/broken.md: screenshots/home-360.webp leads to no file (docs/screenshots/home-360.webp)',
    ]);
  });

  it('finds the links of a table, a list and reference-style links', () => {
    expect(
      linkTargets(
        [
          '| a | [b](docs/b.md) |',
          '| --- | --- |',
          '| [c](c.md#x) | d |',
          '',
          '- [e](e.md)',
          '',
          'See [the guide][guide].',
          '',
          '[guide]: docs/guide.md#notes',
        ].join('\n'),
      ),
    ).toEqual(['docs/b.md', 'c.md#x', 'e.md', 'docs/guide.md#notes']);
  });
});
