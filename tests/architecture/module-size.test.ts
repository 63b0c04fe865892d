import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The size bar (docs/architecture.md, "Size bar"): no source file over 400 lines and no
 * function over 80, unless a `// size: <reason>` comment says why — at the top of the file,
 * or directly above the function (the statement, property or method that holds it).
 */
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
const ROOTS = [
  'app',
  'domain',
  'server',
  'identity',
  'db',
  'limits',
  'scripts',
  'tests/support',
  'tests/e2e/support',
];
const SKIPPED_FOLDERS = new Set(['node_modules', 'build', 'migrations', '.react-router']);
const SOURCE = /\.(?:ts|tsx|js|mjs)$/;
const NOT_SOURCE = /\.(?:test|spec)\.tsx?$|\.d\.ts$/;
const REASON = /^\/\/ size: \S/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !NOT_SOURCE.test(entry.name) ? [full] : [];
  });
}

function lineOf(file: ts.SourceFile, position: number): number {
  return file.getLineAndCharacterOfPosition(position).line + 1;
}

/** The comments directly above a position: the run of comments with no blank line before it. */
function commentsDirectlyAbove(file: ts.SourceFile, node: ts.Node): string[] {
  const text = file.getFullText();
  const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  const above: string[] = [];
  let nextLine = lineOf(file, node.getStart(file));
  for (const range of [...ranges].reverse()) {
    if (lineOf(file, range.end) < nextLine - 1) break;
    above.push(text.slice(range.pos, range.end));
    nextLine = lineOf(file, range.pos);
  }
  return above;
}

/** The statement, property or class member a function belongs to: where its reason goes. */
function holderOf(fn: ts.Node): ts.Node {
  let node = fn;
  while (
    ts.isVariableDeclaration(node.parent) ||
    ts.isVariableDeclarationList(node.parent) ||
    ts.isVariableStatement(node.parent) ||
    ts.isPropertyAssignment(node.parent) ||
    ts.isPropertyDeclaration(node.parent) ||
    ts.isExportAssignment(node.parent) ||
    ts.isParenthesizedExpression(node.parent) ||
    ts.isAsExpression(node.parent) ||
    ts.isSatisfiesExpression(node.parent) ||
    // memo(function …), forwardRef((…) => …), defineThing({ … }) and the like.
    (ts.isCallExpression(node.parent) && node.parent.arguments.includes(node as ts.Expression))
  ) {
    node = node.parent;
  }
  return node;
}

function nameOf(fn: ts.SignatureDeclaration, holder: ts.Node, file: ts.SourceFile): string {
  if (fn.name) return fn.name.getText(file);
  if (ts.isVariableStatement(holder)) {
    return holder.declarationList.declarations.map((d) => d.name.getText(file)).join(', ');
  }
  if (ts.isPropertyAssignment(holder) || ts.isPropertyDeclaration(holder)) {
    return holder.name.getText(file);
  }
  if (ts.isExportAssignment(holder)) return 'default export';
  if (ts.isCallExpression(fn.parent)) return `${fn.parent.expression.getText(file)}(…) callback`;
  return '(anonymous)';
}

function isFunction(node: ts.Node): node is ts.SignatureDeclaration & { body: ts.Node } {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  );
}

interface Oversize {
  where: string;
  lines: number;
}

function oversizeIn(relative: string, text: string): Oversize[] {
  const kind = relative.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(relative, text, ts.ScriptTarget.Latest, true, kind);
  const found: Oversize[] = [];

  const fileLines = text.replace(/\n$/, '').split('\n').length;
  const fileReason = (ts.getLeadingCommentRanges(text, 0) ?? []).some((range) =>
    REASON.test(text.slice(range.pos, range.end)),
  );
  if (fileLines > MAX_FILE_LINES && !fileReason) {
    found.push({ where: `${relative}:1 (file)`, lines: fileLines });
  }

  const visit = (node: ts.Node): void => {
    if (isFunction(node)) {
      const start = node.getStart(file);
      const lines = lineOf(file, node.getEnd()) - lineOf(file, start) + 1;
      if (lines > MAX_FUNCTION_LINES) {
        const holder = holderOf(node);
        if (!commentsDirectlyAbove(file, holder).some((comment) => REASON.test(comment))) {
          const name = nameOf(node, holder, file);
          found.push({ where: `${relative}:${lineOf(file, start)} ${name}`, lines });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

// Parsing every source file takes under a second alone, several on a busy machine.
describe('size bar', { timeout: 60_000 }, () => {
  it(`no file over ${MAX_FILE_LINES} lines or function over ${MAX_FUNCTION_LINES} without a reason`, () => {
    const files = ROOTS.flatMap(sourceFiles).map((file) => file.split(path.sep).join('/'));
    expect(files.length).toBeGreaterThan(100);
    const oversize = files
      .flatMap((file) => oversizeIn(file, readFileSync(file, 'utf8')))
      .map(({ where, lines }) => `${where}: ${lines} lines`);
    expect(oversize, 'add a `// size: <reason>` comment or split them').toEqual([]);
  });
});

describe('size bar checker', () => {
  const body = (lines: number) => Array.from({ length: lines - 2 }, () => '  void 0;').join('\n');

  it('reports a long function, a long method and a long arrow, by file:line and name', () => {
    const source = [
      `export function long() {\n${body(81)}\n}`,
      `class A {\n  method() {\n${body(81)}\n  }\n}`,
      `export const arrow = () => {\n${body(81)}\n};`,
    ].join('\n');
    expect(oversizeIn('example.ts', source).map((o) => o.where)).toEqual([
      'example.ts:1 long',
      'example.ts:83 method',
      'example.ts:165 arrow',
    ]);
  });

  it('accepts a function of 80 lines and a long one with a reason directly above', () => {
    const source = [
      `function fits() {\n${body(80)}\n}`,
      `/** Docs. */\n// size: a table, clearest whole\nexport const table = () => {\n${body(90)}\n};`,
    ].join('\n');
    expect(oversizeIn('example.ts', source)).toEqual([]);
  });

  it('ignores a reason separated from the function by a blank line', () => {
    const source = `const x = 1;\n// size: nope\n\nfunction long() {\n${body(81)}\n}\n`;
    expect(oversizeIn('example.ts', source).map((o) => o.where)).toEqual(['example.ts:4 long']);
  });

  it('reports a long file unless its top says why', () => {
    const lines = Array.from({ length: 401 }, (_, i) => `export const a${i} = ${i};`).join('\n');
    expect(oversizeIn('example.ts', lines)).toEqual([{ where: 'example.ts:1 (file)', lines: 401 }]);
    expect(oversizeIn('example.ts', `// size: generated table\n${lines}`)).toEqual([]);
  });
});
