import { describe, expect, it } from 'vitest';
import { memoiseRecent } from './memoise-recent.ts';

describe('memoiseRecent', () => {
  it('looks each key up once, sharing concurrent calls', async () => {
    const asked: string[] = [];
    const lookUp = memoiseRecent(async (key: string) => {
      asked.push(key);
      return key.toUpperCase();
    }, 10);
    expect(await Promise.all([lookUp('lee'), lookUp('lee'), lookUp('man')])).toEqual([
      'LEE',
      'LEE',
      'MAN',
    ]);
    expect(await lookUp('lee')).toBe('LEE');
    expect(asked).toEqual(['lee', 'man']);
  });

  it('forgets the least recently used key beyond its capacity', async () => {
    const asked: string[] = [];
    const lookUp = memoiseRecent(async (key: string) => {
      asked.push(key);
      return key;
    }, 2);
    await lookUp('a');
    await lookUp('b');
    await lookUp('a'); // a is now more recent than b
    await lookUp('c'); // forgets b
    await lookUp('a');
    await lookUp('b');
    expect(asked).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not remember a failure', async () => {
    let calls = 0;
    const lookUp = memoiseRecent(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database busy');
      return 'ok';
    }, 5);
    await expect(lookUp('x')).rejects.toThrow('database busy');
    expect(await lookUp('x')).toBe('ok');
  });
});
