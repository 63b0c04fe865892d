/** JSON-LD, with `<` escaped so no text in a listing can close the script element. */
export function JsonLd({ value }: { value: object }) {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
