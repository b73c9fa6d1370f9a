import { useState } from 'react';

type Status = 'idle' | 'locating' | 'failed' | 'unsupported';

/** "Use my location": asks the browser once (navigator.geolocation) and hands back latitude and longitude. */
export function useCurrentPosition() {
  const [status, setStatus] = useState<Status>('idle');
  const locate = (onFound: (point: { lat: number; lng: number }) => void) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setStatus('unsupported');
      return;
    }
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setStatus('idle');
        onFound({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      () => setStatus('failed'),
      // A town-level fix is enough for a radius in miles, and much quicker than GPS.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 },
    );
  };
  return { status, locate };
}
