import fs from 'node:fs';
import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import ts from 'typescript';
import routes from '../../app/routes.ts';
import { openApiDocument } from '../../server/marketplace/openapi/document.ts';

/** One route of `app/routes.ts` whose module exports an `action` (so it accepts POST). */
export interface ActionRoute {
  /** The module, relative to `app/` (`routes/my-account-data-export.ts`). */
  file: string;
  /** A concrete address for it: parameters filled in, optional ones left out. */
  url: string;
  /** No default export: a resource route (a download, a redirect), not a page. */
  isResourceRoute: boolean;
}

/** One `/api/v1` operation of the OpenAPI document that changes something. */
export interface ApiWrite {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Its path as documented (`/listings/{id}`) and a concrete one under `/api/v1`. */
  documented: string;
  url: string;
}

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;
const SAMPLE_PARAMETERS: Record<string, string> = {
  sub: '00000000-0000-4000-8000-000000000000',
  product: 'featured',
};

/** Every route module in `app/routes.ts` (nested ones too) that exports an action. */
export function actionRoutes(): ActionRoute[] {
  const found: ActionRoute[] = [];
  const walk = (entries: RouteConfigEntry[], parentPath: string) => {
    for (const entry of entries) {
      const routePath = [parentPath, entry.path ?? ''].filter(Boolean).join('/');
      const names = exportedNames(path.join('app', entry.file));
      if (names.has('action')) {
        found.push({
          file: entry.file,
          url: concreteUrl(routePath),
          isResourceRoute: !names.has('default'),
        });
      }
      if (entry.children) walk(entry.children, routePath);
    }
  };
  walk(routes, '');
  return found;
}

/** Every write operation the OpenAPI document lists. */
export function apiWrites(): ApiWrite[] {
  const writes: ApiWrite[] = [];
  for (const [documented, item] of Object.entries(openApiDocument.paths)) {
    for (const method of WRITE_METHODS) {
      if (!item?.[method]) continue;
      const concrete = documented.replace(/\{[^}]+\}/g, '1');
      writes.push({
        method: method.toUpperCase() as ApiWrite['method'],
        documented,
        url: `/api/v1${concrete}`,
      });
    }
  }
  return writes;
}

/** `/property/1`, `/admin-portal/user-information/<uuid>/export`, `/admin-portal/anything`. */
function concreteUrl(routePath: string): string {
  const segments = routePath
    .split('/')
    .filter((segment) => segment !== '' && !segment.endsWith('?'))
    .map((segment) => {
      if (segment === '*') return 'anything';
      if (!segment.startsWith(':')) return segment;
      return SAMPLE_PARAMETERS[segment.slice(1)] ?? '1';
    });
  return `/${segments.join('/')}`;
}

/** The names a module exports, read from its source (`default` for a default export). */
function exportedNames(file: string): Set<string> {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (ts.isExportAssignment(statement)) names.add('default');
    if (ts.isExportDeclaration(statement) && statement.exportClause) {
      if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) names.add(element.name.text);
      }
    }
    const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
    if (!modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)) {
      names.add('default');
    } else if (ts.isFunctionDeclaration(statement) && statement.name) {
      names.add(statement.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
      }
    }
  }
  return names;
}
