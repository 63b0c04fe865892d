import { useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';

const noSubscription = () => () => {};

/** 'Use my current location': needs the browser's permission, so it appears only once hydrated. */
export function CurrentLocationButton({ searchPath }: { searchPath: string }) {
  const isBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const navigate = useNavigate();
  const [message, setMessage] = useState('');
  const [isLocating, setIsLocating] = useState(false);
  if (!isBrowser || !('geolocation' in navigator)) return null;
  return (
    <>
      <button
        type="button"
        className="link-button"
        disabled={isLocating}
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
