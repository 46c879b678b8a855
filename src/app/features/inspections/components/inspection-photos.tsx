import { useState } from 'react';
import type { InspectionPhoto } from '#domain/api/inspections';
import { useOnline } from '../../../offline/connectivity.ts';
import '../inspections.css';

interface InspectionPhotosProps {
  photos: readonly InspectionPhoto[];
  /** The list's accessible name, e.g. "Pickup photos". */
  label: string;
  /** Each photo's alt text from its position (0-based), e.g. "Pickup photo 1". */
  alt: (index: number) => string;
  /** Said instead of the list when there is no photo. */
  none?: string;
}

/**
 * One thumbnail opening the full photo. Private photos are never kept on the device, so one not
 * loaded yet cannot load offline: instead of a broken image it says so, in the photo's place.
 */
function Photo({ photo, alt }: { photo: InspectionPhoto; alt: string }) {
  const [failed, setFailed] = useState(false);
  const online = useOnline();
  if (failed) {
    return (
      <span className="inspection-summary__photo-missing">
        {online ? `${alt} could not be loaded.` : `${alt} shows when the connection returns.`}
      </span>
    );
  }
  return (
    <a href={photo.url} target="_blank" rel="noreferrer">
      <img
        src={photo.url}
        width={photo.width}
        height={photo.height}
        loading="lazy"
        alt={alt}
        onError={() => setFailed(true)}
      />
    </a>
  );
}

/**
 * An inspection's photos as thumbnails, each opening the full photo (private URLs: the browser
 * sends the session, the server answers `no-store`). Inspections show them; the return charges show
 * them beside each damage charge.
 */
export function InspectionPhotos({ photos, label, alt, none = 'No photos.' }: InspectionPhotosProps) {
  if (photos.length === 0) return <p className="inspection-summary__none">{none}</p>;
  return (
    <ul className="inspection-summary__photos" aria-label={label}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <Photo photo={photo} alt={alt(index)} />
        </li>
      ))}
    </ul>
  );
}
