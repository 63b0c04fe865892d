import { Link } from 'react-router';
import { formatDateTime, formatPence } from '@domain/format';
import { labelOf } from '@domain/labels';
import type { UserPage } from '../../../../server/marketplace/admin-users/admin-users-service';

type MarketRecord = UserPage['record'];

export function UserListings({ listings }: { listings: MarketRecord['listings'] }) {
  return (
    <>
      <h3 id="listings-title">Listings</h3>
      {listings.length === 0 ? (
        <p>No listings.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table" aria-labelledby="listings-title">
            <thead>
              <tr>
                <th scope="col">Listing</th>
                <th scope="col">Town</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {listings.map((listing) => (
                <tr key={listing.id} data-testid="user-listing">
                  <td>
                    <Link to={listing.path}>{listing.title}</Link> ({listing.id})
                  </td>
                  <td>{listing.town}</td>
                  <td>
                    {listing.isDeleted ? 'Deleted' : labelOf('status', listing.status)}
                    {listing.isOwnerSuspended ? ' · hidden while the account is disabled' : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
        <div className="table-scroll">
          <table className="admin-table" aria-labelledby="payments-title">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Product</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Paid</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={payment.orderId}>
                  <td>{payment.orderId}</td>
                  <td>
                    {payment.productName} – {payment.listingTitle}
                  </td>
                  <td>
                    {formatPence(payment.amountPence)}
                    {payment.refundedPence
                      ? ` (${formatPence(payment.refundedPence)} refunded)`
                      : ''}
                  </td>
                  <td>{payment.status}</td>
                  <td>{payment.paidAt ? formatDateTime(payment.paidAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
