import { describe, expect, it } from 'vitest';
import { decisionMessage } from './decision-message';

describe('the moderator’s message after a decision', () => {
  const removed = {
    outcome: 'removed' as const,
    reportsClosed: 1,
    isListerEmailed: false,
    isRelisted: false,
    reportersTold: 0,
  };

  it('says what happened and how many reports closed', () => {
    expect(decisionMessage(removed)).toBe('Listing removed; 1 report closed.');
    expect(decisionMessage({ ...removed, outcome: 'paused', reportsClosed: 2 })).toBe(
      'Listing paused; 2 reports closed.',
    );
  });

  it('says a listing went back on Roost rather than that reports were dismissed', () => {
    expect(decisionMessage({ ...removed, outcome: 'dismissed', isRelisted: true })).toBe(
      'Listing back on Roost; 1 report closed.',
    );
  });

  it('says who was e-mailed', () => {
    expect(decisionMessage({ ...removed, isListerEmailed: true, reportersTold: 2 })).toBe(
      'Listing removed; 1 report closed. The lister has been e-mailed. 2 reporters told the outcome.',
    );
  });
});
