import { and, count, eq, gte, inArray, isNull, lte, min, or, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { addDays, londonToday } from '../../../domain/dates.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import type { IdentityAdmin } from '../../identity-admin/identity-admin.ts';
import { jobs } from '../../jobs/schema.ts';
import { listings } from '../listings/schema.ts';
import { REVIEW_REQUEST_REPORTER } from '../moderation/moderation-hold.ts';
import { assertAdmin } from '../moderation/require-admin.ts';
import { payments, upgrades } from '../payments/schema.ts';
import { listingReports } from '../reports/schema.ts';

/** One London day's figures for the overview's chart. */
export interface DayFigures {
  day: string;
  signUps: number;
  listings: number;
  revenuePence: number;
}

export interface AdminOverview {
  openReports: number;
  oldestOpenReportAt: string | null;
  awaitingReview: number;
  newListings: { today: number; week: number };
  /** Null when the user pool cannot be read (it is shown as 'unavailable'). */
  signUps: { today: number; week: number } | null;
  activeUpgrades: number;
  revenueThisMonthPence: number;
  failedJobs: number;
  /** Failed jobs that send e-mail (alerts, receipts, reminders). */
  failedEmails: number;
  /** The last 30 London days, oldest first. */
  days: DayFigures[];
}

const londonDay = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'Europe/London', 'YYYY-MM-DD')`;
const londonMidnight = (day: string) => sql`(${day}::timestamp at time zone 'Europe/London')`;

/** Job names whose work is sending e-mail. */
const EMAIL_JOB = /alert|mail|receipt|fresh|notif|campaign/i;

/** The admin portal's landing figures, each a link to where the work is. */
export async function adminOverview(
  db: Database,
  identityAdmin: IdentityAdmin | undefined,
  user: SessionUser | null,
  now = new Date(),
): Promise<AdminOverview> {
  // Over 80 lines: one query per figure, run together, each beside the figure it makes.
  assertAdmin(user);
  const today = londonToday(now);
  const first = addDays(today, -29);
  const weekStart = addDays(today, -6);
  const monthStart = `${today.slice(0, 8)}01`;

  const [{ reports, review, upgradeCount }, failed, listingDays, revenueDays, [month]] =
    await Promise.all([
      workload(db, now),
      db
        .select({ name: jobs.name, total: count() })
        .from(jobs)
        .where(eq(jobs.status, 'failed'))
        .groupBy(jobs.name),
      db
        .select({ day: londonDay(listings.publishedAt), total: count() })
        .from(listings)
        .where(gte(listings.publishedAt, londonMidnight(first)))
        .groupBy(sql`1`),
      db
        .select({
          day: londonDay(payments.paidAt),
          total: sql<number>`coalesce(sum(${payments.amountPence} - ${payments.refundedPence}), 0)::int`,
        })
        .from(payments)
        .where(
          and(
            gte(payments.paidAt, londonMidnight(first)),
            inArray(payments.status, ['paid', 'partially_refunded', 'refunded']),
          ),
        )
        .groupBy(sql`1`),
      db
        .select({
          total: sql<number>`coalesce(sum(${payments.amountPence} - ${payments.refundedPence}), 0)::int`,
        })
        .from(payments)
        .where(
          and(
            gte(payments.paidAt, londonMidnight(monthStart)),
            inArray(payments.status, ['paid', 'partially_refunded', 'refunded']),
          ),
        ),
    ]);

  const signUpDays = await signUpsByDay(identityAdmin, now);
  const days = chartDays(first, {
    signUps: signUpDays ?? new Map(),
    listings: new Map(listingDays.map((row) => [row.day, Number(row.total)])),
    revenuePence: new Map(revenueDays.map((row) => [row.day, Number(row.total)])),
  });
  const sumSince = (from: string, pick: (d: DayFigures) => number) =>
    days.filter((d) => d.day >= from).reduce((total, d) => total + pick(d), 0);
  return {
    openReports: Number(reports?.total ?? 0),
    oldestOpenReportAt: reports?.oldest ? new Date(reports.oldest).toISOString() : null,
    awaitingReview: Number(review?.total ?? 0),
    newListings: {
      today: sumSince(today, (d) => d.listings),
      week: sumSince(weekStart, (d) => d.listings),
    },
    signUps: signUpDays
      ? { today: sumSince(today, (d) => d.signUps), week: sumSince(weekStart, (d) => d.signUps) }
      : null,
    activeUpgrades: Number(upgradeCount?.total ?? 0),
    revenueThisMonthPence: Number(month?.total ?? 0),
    failedJobs: failed.reduce((total, row) => total + Number(row.total), 0),
    failedEmails: failed
      .filter((row) => EMAIL_JOB.test(row.name))
      .reduce((total, row) => total + Number(row.total), 0),
    days,
  };
}

/** Open reports (and the oldest), listings awaiting review and upgrades running now. */
async function workload(db: Database, now: Date) {
  const [[reports], [review], [upgradeCount]] = await Promise.all([
    db
      .select({ total: count(), oldest: min(listingReports.createdAt) })
      .from(listingReports)
      .where(
        and(
          eq(listingReports.status, 'open'),
          sql`${listingReports.reporterKey} <> ${REVIEW_REQUEST_REPORTER}`,
        ),
      ),
    db
      .select({ total: sql<number>`count(distinct ${listingReports.listingId})::int` })
      .from(listingReports)
      .where(
        and(
          eq(listingReports.status, 'open'),
          eq(listingReports.reporterKey, REVIEW_REQUEST_REPORTER),
        ),
      ),
    db
      .select({ total: count() })
      .from(upgrades)
      .where(
        and(
          lte(upgrades.startsAt, now),
          isNull(upgrades.endedEarlyAt),
          or(isNull(upgrades.endsAt), gt(upgrades.endsAt, now)),
        ),
      ),
  ]);
  return { reports, review, upgradeCount };
}

/** Sign-ups per London day over the last month; null when the user pool cannot be read. */
async function signUpsByDay(
  identityAdmin: IdentityAdmin | undefined,
  now: Date,
): Promise<Map<string, number> | null> {
  if (!identityAdmin) return null;
  try {
    const created = await identityAdmin.createdSince(new Date(now.getTime() - 31 * 86_400_000));
    const signUpDays = new Map<string, number>();
    for (const at of created) {
      const day = londonToday(at);
      signUpDays.set(day, (signUpDays.get(day) ?? 0) + 1);
    }
    return signUpDays;
  } catch {
    return null;
  }
}

/** The chart's 30 London days from `first`, each with its figures (0 for a day without). */
function chartDays(
  first: string,
  byDay: Record<'signUps' | 'listings' | 'revenuePence', Map<string, number>>,
): DayFigures[] {
  return Array.from({ length: 30 }, (_, i) => {
    const day = addDays(first, i);
    return {
      day,
      signUps: byDay.signUps.get(day) ?? 0,
      listings: byDay.listings.get(day) ?? 0,
      revenuePence: byDay.revenuePence.get(day) ?? 0,
    };
  });
}
