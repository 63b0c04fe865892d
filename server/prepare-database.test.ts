import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initialClusterFile } from './prepare-database.ts';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-initial-cluster-name-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('the prepared cluster’s name', () => {
  it('changes when a migration changes, and only then', () => {
    const root = path.join(scratch, 'project');
    const migration = path.join(root, 'db', 'migrations', 'market', '0000_init.sql');
    fs.mkdirSync(path.dirname(migration), { recursive: true });
    fs.writeFileSync(migration, 'create table a (id int);');
    const first = initialClusterFile(root);
    expect(first).toMatch(/build[/\\]pglite[/\\]migrated-[0-9a-f]{16}\.tar\.gz$/);
    expect(initialClusterFile(root)).toBe(first);
    fs.writeFileSync(migration, 'create table a (id bigint);');
    expect(initialClusterFile(root)).not.toBe(first);
  });

  it('changes when the postcode centroids loaded at migration time change', () => {
    const root = path.join(scratch, 'centroids');
    const sectors = path.join(root, 'server/marketplace/geography/postcode-centroids/sectors.csv');
    fs.mkdirSync(path.dirname(sectors), { recursive: true });
    fs.writeFileSync(sectors, 'sector,lat,lng,postcodes,country\nTD15 1,55.77,-2.02,302,England\n');
    const first = initialClusterFile(root);
    fs.writeFileSync(
      sectors,
      'sector,lat,lng,postcodes,country\nTD15 1,55.77,-2.02,302,Scotland\n',
    );
    expect(initialClusterFile(root)).not.toBe(first);
  });
});
