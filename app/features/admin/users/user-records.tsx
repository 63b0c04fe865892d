import { Link } from 'react-router';
import { formatDateTime, formatPence } from '@domain/format';
import { labelOf } from '@domain/labels';
import { DataTable, type Column } from '~/components/data-table';
import type { UserPage } from '../../../../server/marketplace/admin-users/admin-users-service';

type MarketRecord = UserPage['record'];

const LISTING_COLUMNS: readonly Column<MarketRecord['listings'][number]>[] = [
  {
    header: 'Listing',
    cell: (listing) => (
      <>
        <Link to={listing.path}>{listing.title}</Link> ({listing.id})
      </>
    ),
  },
  { header: 'Town', cell: (listing) => listing.town },
  {
    header: 'Status',
    cell: (listing) =>
      `${listing.isDeleted ? 'Deleted' : labelOf('status', listing.status)}${
        listing.isOwnerSuspended ? ' · hidden while the account is disabled' : ''
      }`,
  },
];

const PAYMENT_COLUMNS: readonly Column<MarketRecord['payments'][number]>[] = [
  { header: 'Order', cell: (payment) => payment.orderId },
  { header: 'Product', cell: (payment) => `${payment.productName} – ${payment.listingTitle}` },
  {
    header: 'Amount',
    cell: (payment) =>
      `${formatPence(payment.amountPence)}${
        payment.refundedPence ? ` (${formatPence(payment.refundedPence)} refunded)` : ''
      }`,
  },
  { header: 'Status', cell: (payment) => payment.status },
  { header: 'Paid', cell: (payment) => (payment.paidAt ? formatDateTime(payment.paidAt) : '—') },
];

export function UserListings({ listings }: { listings: MarketRecord['listings'] }) {
  return (
    <>
      <h3 id="listings-title">Listings</h3>
      {listings.length === 0 ? (
        <p>No listings.</p>
      ) : (
        <DataTable
          rows={listings}
          rowKey={(listing) => listing.id}
          className="admin-table"
          labelledBy="listings-title"
          rowTestId="user-listing"
          columns={LISTING_COLUMNS}
        />
      )}
    </>
  );
}

export function UserPayments({ payments }: { payments: MarketRecord['payments'] }) {
  return (
    <>
      <h3 id="payments-title">Payments</h3>
      {payments.length === 0 ? (
        <p>No payments.</p>
      ) : (
        <DataTable
          rows={payments}
          rowKey={(payment) => payment.orderId}
          className="admin-table"
          labelledBy="payments-title"
          columns={PAYMENT_COLUMNS}
        />
      )}
    </>
  );
}

export function UserReports({ record }: { record: MarketRecord }) {
  return (
    <>
      <h3 id="reports-title">Reports</h3>
      {record.reportsMade.length + record.reportsReceived.length === 0 ? (
        <p>None made or received.</p>
      ) : (
        <ul>
          {record.reportsMade.map((report) => (
            <li key={`made-${report.id}`}>
              Made: listing {report.listingId}, {labelOf('reportReason', report.reason)},{' '}
              {report.status}, {formatDateTime(report.createdAt)}
            </li>
          ))}
          {record.reportsReceived.map((report) => (
            <li key={`got-${report.id}`}>
              Received: listing {report.listingId}, {labelOf('reportReason', report.reason)},{' '}
              {report.status}, {formatDateTime(report.createdAt)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function UserSignIns({ signIns }: { signIns: UserPage['signIns'] }) {
  return (
    <>
      <h3 id="sign-ins-title">Sign-in history</h3>
      {signIns.length === 0 ? (
        <p>No sign-ins recorded.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table" aria-labelledby="sign-ins-title">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Result</th>
                <th scope="col">Network</th>
              </tr>
            </thead>
            <tbody>
              {signIns.map((event, index) => (
                <tr key={`${event.at}-${index}`}>
                  <td>{event.at ? formatDateTime(event.at) : '—'}</td>
                  <td>{event.type}</td>
                  <td>{event.result}</td>
                  <td>{event.addressClass ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
