import { useState } from 'react';
import '../customer-bookings.css';

interface VehicleThumbProps {
  src: string | null;
  /** "Toyota Corolla": the photo's alt text. */
  name: string;
  size?: 'card' | 'large';
}

/**
 * A vehicle's main photo, or the "No Image" block the carousels also show: also when the photo
 * cannot load (offline, never seen on this device), rather than a broken image.
 */
export function VehicleThumb({ src, name, size = 'card' }: VehicleThumbProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const className = `vehicle-thumb vehicle-thumb--${size}`;
  if (!src || failed === src) {
    return (
      <div className={`${className} vehicle-thumb--empty`} role="img" aria-label={`${name}: no image`}>
        No Image
      </div>
    );
  }
  return (
    <img className={className} src={src} alt={name} loading="lazy" decoding="async" onError={() => setFailed(src)} />
  );
}
