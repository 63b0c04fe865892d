import fs from 'node:fs';
import path from 'node:path';
import postcss, { type AtRule, type Container, type Root } from 'postcss';
import { describe, expect, it } from 'vitest';

/**
 * The stylesheets are split by component and imported by one entry file per bundle
 * (docs/decisions/009-css-by-component.md). These checks keep it that way: one definition per
 * selector, every piece imported exactly once, and pages linking only the entry files.
 */
const STYLES = path.resolve('app/styles');
const ENTRIES = ['global.css', 'listings.css'];

interface Sheet {
  file: string;
  css: string;
}

/** Selector text compared by meaning, not by spacing or quote style. */
function normaliseSelector(selector: string): string {
  return selector
    .replace(/\s*([>+~])\s*/g, ' $1 ')
    .replace(/"/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The at-rules a rule sits in, outermost first: '' at the top level. */
function contextOf(node: Container | undefined): string {
  const chain: string[] = [];
  for (let parent = node; parent && parent.type !== 'root'; parent = parent.parent as Container) {
    if (parent.type === 'atrule') {
      const atRule = parent as AtRule;
      chain.unshift(`@${atRule.name} ${atRule.params.replace(/\s+/g, ' ').trim()}`);
    }
  }
  return chain.join(' ');
}

/**
 * Every selector that more than one rule defines in the same context (the top level, or the same
 * media query). A state variant (`.button:hover`) or a contextual one (`.hero .button`) is a
 * selector of its own; keyframe steps are not selectors.
 */
export function repeatedSelectors(sheets: Sheet[]): string[] {
  const places = new Map<string, string[]>();
  for (const { file, css } of sheets) {
    const root: Root = postcss.parse(css, { from: file });
    root.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name))
        return;
      const context = contextOf(rule.parent as Container);
      for (const selector of rule.selectors) {
        const key = [context, normaliseSelector(selector)].filter(Boolean).join(' ');
        const where = `${file}:${rule.source?.start?.line ?? '?'}`;
        places.set(key, [...(places.get(key) ?? []), where]);
      }
    });
  }
  return [...places]
    .filter(([, where]) => where.length > 1)
    .map(([key, where]) => `${key} (${where.join(', ')})`);
}

/** The files an entry imports, in order; an entry holds nothing but imports. */
function importsOf(entry: string): { imports: string[]; others: string[] } {
  const root = postcss.parse(fs.readFileSync(path.join(STYLES, entry), 'utf8'), { from: entry });
  const imports: string[] = [];
  const others: string[] = [];
  root.each((node) => {
    if (node.type === 'comment') return;
    if (node.type === 'atrule' && node.name === 'import') {
      const target = /^(?:url\()?['"]?([^'")]+)['"]?\)?$/.exec(node.params.trim())?.[1] ?? '';
      imports.push(path.relative(STYLES, path.resolve(STYLES, path.dirname(entry), target)));
    } else {
      others.push(node.toString().slice(0, 60));
    }
  });
  return { imports, others };
}

function cssFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.css'))
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join(dir, name));
}

describe('repeatedSelectors', () => {
  it('finds a class defined twice, across files, whatever the spacing', () => {
    const sheets = [
      { file: 'app.css', css: '.field-error { color: #a4262c; }\n.a>b { margin: 0; }' },
      { file: 'shell.css', css: '.x, .field-error { color: #b3261e; }\n.a > b { padding: 0; }' },
    ];
    expect(repeatedSelectors(sheets)).toEqual([
      '.field-error (app.css:1, shell.css:1)',
      '.a > b (app.css:2, shell.css:2)',
    ]);
  });

  it('finds a selector repeated inside the same media query', () => {
    const css =
      '@media (max-width: 560px) { .logo { margin: 0; } }\n@media (max-width:  560px) { .logo { padding: 0; } }';
    expect(repeatedSelectors([{ file: 'a.css', css }])).toEqual([
      '@media (max-width: 560px) .logo (a.css:1, a.css:2)',
    ]);
  });

  it('allows state variants, contextual selectors, media queries and keyframe steps', () => {
    const css = [
      '.button { color: red; }',
      '.button:hover { color: blue; }',
      '.hero .button { border-color: red; }',
      '@media (max-width: 560px) { .button { padding: 0; } }',
      '@keyframes a { from { opacity: 0; } to { opacity: 1; } }',
      '@keyframes b { from { opacity: 1; } to { opacity: 0; } }',
    ].join('\n');
    expect(repeatedSelectors([{ file: 'a.css', css }])).toEqual([]);
  });
});

describe('app/styles', () => {
  const files = cssFiles(STYLES);
  const pieces = files.filter((file) => !ENTRIES.includes(file));

  it('defines every selector once', () => {
    const sheets = files.map((file) => ({
      file,
      css: fs.readFileSync(path.join(STYLES, file), 'utf8'),
    }));
    expect(repeatedSelectors(sheets)).toEqual([]);
  });

  it('imports every piece from exactly one entry, once, and puts no rules in an entry', () => {
    const imported = ENTRIES.flatMap((entry) => {
      const { imports, others } = importsOf(entry);
      expect(others, `${entry} holds only @import rules`).toEqual([]);
      return imports;
    });
    expect([...imported].sort()).toEqual(pieces);
  });

  it('is linked by pages through the entry files only', () => {
    const linked = sourceFiles(path.resolve('app'))
      .flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/styles\/([\w./-]+\.css)/g)])
      .map((match) => match[1]);
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.filter((file) => !ENTRIES.includes(file ?? ''))).toEqual([]);
  });
});
