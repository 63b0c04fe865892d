import { pluralise } from '@domain/format';
import { LABELS } from '@domain/labels';
import type { ModerationResult } from '../../../../server/marketplace/moderation/moderate-listing';

/** What the moderator is told after a decision: what happened, and who was e-mailed. */
export function decisionMessage(
  result: Pick<
    ModerationResult,
    'outcome' | 'reportsClosed' | 'isListerEmailed' | 'isRelisted' | 'reportersTold'
  >,
): string {
  const done = result.isRelisted
    ? 'Listing back on Roost'
    : LABELS.moderationOutcome[result.outcome];
  const emailed =
    (result.isListerEmailed ? ' The lister has been e-mailed.' : '') +
    (result.reportersTold > 0
      ? ` ${pluralise(result.reportersTold, 'reporter')} told the outcome.`
      : '');
  return `${done}; ${pluralise(result.reportsClosed, 'report')} closed.${emailed}`;
}
