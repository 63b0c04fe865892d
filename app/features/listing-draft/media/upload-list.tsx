import { Button } from '~/components/ui/button';

/** A file on its way up: its progress, or why it was refused. */
export interface Upload {
  id: number;
  name: string;
  progress: number;
  error?: string;
}

/** The files uploading, each with its own progress bar; a refused one says why until dismissed. */
export function UploadList({
  uploads,
  noun,
  onDismiss,
}: {
  uploads: Upload[];
  noun: string;
  onDismiss: (id: number) => void;
}) {
  if (!uploads.length) return null;
  return (
    <ul className="media-manager__uploads" aria-label={`${noun}s uploading`}>
      {uploads.map((upload) => (
        <li key={upload.id}>
          <span>{upload.name}</span>
          {upload.error ? (
            <span className="field-error" role="alert">
              {upload.error}{' '}
              <Button variant="secondary" size="small" onClick={() => onDismiss(upload.id)}>
                Dismiss
              </Button>
            </span>
          ) : (
            <progress
              max={1}
              value={upload.progress}
              aria-label={`Uploading ${upload.name}`}
              data-testid="upload-progress"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
