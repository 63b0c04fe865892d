import { Button } from '~/components/ui/button';

/** The system share sheet where there is one; otherwise the link is copied. */
export function ShareButton({ url, title }: { url: string; title: string }) {
  return (
    <Button
      variant="secondary"
      onClick={() => {
        if (typeof navigator.share === 'function') {
          void navigator.share({ url, title }).catch(() => undefined);
        } else {
          void navigator.clipboard?.writeText(url).then(() => window.alert('Link copied'));
        }
      }}
    >
      Share
    </Button>
  );
}
