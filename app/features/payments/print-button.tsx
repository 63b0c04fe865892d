import { Button } from '~/components/ui/button';

/** Prints the page (the print stylesheet leaves out the site's header, footer and buttons). */
export function PrintButton() {
  return (
    <Button type="button" variant="secondary" onClick={() => window.print()}>
      Print receipt
    </Button>
  );
}
