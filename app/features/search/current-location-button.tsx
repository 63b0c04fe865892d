import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useIsHydrated } from '~/components/use-browser-value';

/**
 * 'Use my current location': it needs the browser, so it works only once hydrated, but the server
 * renders it (disabled) so that nothing below moves when it comes to life. Without JavaScript
 * it is hidden (`needs-javascript`).
 */
export function CurrentLocationButton({ searchPath }: { searchPath: string }) {
  const isBrowser = useIsHydrated();
  const navigate = useNavigate();
  const [message, setMessage] = useState('');
  const [isLocating, setIsLocating] = useState(false);
  if (isBrowser && !('geolocation' in navigator)) return null;
  return (
    <>
      <button
        type="button"
        className="link-button needs-javascript"
        disabled={!isBrowser || isLocating}
        onClick={(event) => {
          const radius = (
            event.currentTarget.form?.elements.namedItem('radius') as HTMLSelectElement | null
          )?.value;
          setIsLocating(true);
          setMessage('');
          navigator.geolocation.getCurrentPosition(
            ({ coords }) => {
              setIsLocating(false);
              const params = new URLSearchParams({
                near: `${coords.latitude.toFixed(5)},${coords.longitude.toFixed(5)}`,
                radius: radius && radius !== '0' ? radius : '1',
                sort: 'nearest',
              });
              void navigate(`${searchPath}?${params}`);
            },
            () => {
              setIsLocating(false);
              setMessage(
                'We couldn’t get your location. Check your browser’s location permission, or type a place.',
              );
            },
            { timeout: 10_000, maximumAge: 300_000 },
          );
        }}
      >
        {isLocating ? 'Finding you…' : 'Use my current location'}
      </button>
      {message ? (
        <p className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </>
  );
}
