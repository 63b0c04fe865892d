import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The architecture's import rules are enforced by ESLint (eslint.config.js). These cases prove
 * that the rules bite: each forbidden import is reported, each allowed one is not.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const RESTRICTED = '@typescript-eslint/no-restricted-imports';

// Loading ESLint and the TypeScript parser takes seconds on a busy machine.
describe('import boundaries', { timeout: 60_000 }, () => {
  it.each([
    ['server/marketplace/example.ts', "import { x } from '../../app/lib/x.ts';\nvoid x;\n"],
    ['server/example.ts', "import { x } from '~/lib/x';\nvoid x;\n"],
    ['db/example.ts', "import { x } from '../app/features/x.ts';\nvoid x;\n"],
    ['db/example.ts', "import { x } from '../server/source-digest.ts';\nvoid x;\n"],
    ['db/example.ts', "import type { X } from '../server/marketplace/x.ts';\nexport type Y = X;\n"],
    ['db/example.ts', "import { x } from '../identity/public.ts';\nvoid x;\n"],
    ['db/example.js', "import { x } from '../domain/labels.ts';\nvoid x;\n"],
    ['limits/example.ts', "import { x } from '../identity/public.ts';\nvoid x;\n"],
    ['limits/example.ts', "import { x } from '../server/config.ts';\nvoid x;\n"],
    ['identity/example.ts', "import { x } from '../app/lib/x.ts';\nvoid x;\n"],
    ['identity/example.ts', "import { x } from '../domain/labels.ts';\nvoid x;\n"],
    ['domain/example.ts', "import { x } from '../server/http/x.ts';\nvoid x;\n"],
    ['domain/listing/example.ts', "import { x } from '../../app/lib/x.ts';\nvoid x;\n"],
    ['app/components/example.tsx', "import { x } from '~/features/auth/auth-context';\nvoid x;\n"],
    ['app/features/example.ts', "import { x } from '../../server/http/x.ts';\nvoid x;\n"],
  ])('refuses what %s may not import: %s', async (filePath, code) => {
    expect(await rulesBroken(filePath, code)).toContain(RESTRICTED);
  });

  it.each([
    ['server/marketplace/example.ts', "import { x } from '../../domain/labels.ts';\nvoid x;\n"],
    ['app/routes/example.tsx', "import { x } from '@domain/labels';\nvoid x;\n"],
    ['app/features/example.tsx', "import { x } from '~/components/icons';\nvoid x;\n"],
    ['domain/listing/example.ts', "import { z } from 'zod';\nvoid z;\n"],
    ['app/features/example.server.ts', "import { x } from '../../server/http/x.ts';\nvoid x;\n"],
    ['db/example.ts', "import { x } from './client.ts';\nvoid x;\n"],
    ['limits/example.ts', "import { x } from '../db/client.ts';\nvoid x;\n"],
    ['identity/example.ts', "import { x } from '../limits/index.ts';\nvoid x;\n"],
  ])('allows %s to import: %s', async (filePath, code) => {
    expect(await rulesBroken(filePath, code)).not.toContain(RESTRICTED);
  });
});

describe('the database layer', { timeout: 60_000 }, () => {
  it('imports no other part of Roost: what fills the database lives beside its area', async () => {
    const results = await eslint.lintFiles(['db/**/*.{ts,js}']);
    const broken = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === RESTRICTED)
        .map((message) => `${result.filePath}:${message.line} ${message.message}`),
    );
    expect(results.length).toBeGreaterThan(5);
    expect(broken).toEqual([]);
  });
});

describe('database writes', { timeout: 60_000 }, () => {
  it('refuses a delete or update without a where clause', async () => {
    const code = [
      'declare const db: Db, tx: Db, table: object;',
      'export const a = db.delete(table);',
      'export const b = tx.update(table).set({ x: 1 });',
      '',
    ].join('\n');
    expect(await rulesBroken('server/example.ts', code)).toEqual([
      'drizzle/enforce-delete-with-where',
      'drizzle/enforce-update-with-where',
    ]);
  });

  it('allows them with one', async () => {
    const code = [
      'declare const db: Db, table: object, where: object;',
      'export const a = db.delete(table).where(where);',
      'export const b = db.update(table).set({ x: 1 }).where(where);',
      '',
    ].join('\n');
    expect(await rulesBroken('server/example.ts', code)).toEqual([]);
  });
});
