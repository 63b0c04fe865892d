import { describe, expect, it } from 'vitest';
import { haveBothReplied, type ParticipantRole } from './contact-masking.ts';

describe('both sides have replied', () => {
  it.each<[ParticipantRole[], boolean]>([
    [['enquirer'], false],
    [['enquirer', 'enquirer'], false],
    [['enquirer', 'lister'], false],
    [['enquirer', 'lister', 'lister'], false],
    [['enquirer', 'lister', 'enquirer'], true],
    [['enquirer', 'enquirer', 'lister'], true],
  ])('%j → %s', (roles, expected) => {
    expect(haveBothReplied(roles)).toBe(expected);
  });
});
