/** Scam patterns found in someone's words, shown beside them (a note screen readers announce). */
export function ScamWarnings({
  warnings,
  about,
}: {
  warnings: readonly { kind: string; message: string }[];
  about: 'message' | 'enquiry';
}) {
  if (warnings.length === 0) return null;
  return (
    <div className="alert alert--warning" role="note" data-testid="scam-warning">
      <p>
        <strong>Be careful with this {about}:</strong>
      </p>
      <ul>
        {warnings.map((warning) => (
          <li key={warning.kind}>{warning.message}</li>
        ))}
      </ul>
    </div>
  );
}
