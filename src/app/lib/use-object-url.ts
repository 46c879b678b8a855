import { useEffect, useState } from 'react';

/** A `blob:` URL for a file while the component shows it, released afterwards. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [made, setMade] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    // The URL is a resource made and released with the effect: made while rendering, it would leak
    // each time React discards a render. So the effect makes it and tells the component once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setMade({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  // Never an earlier file's URL (released already) for a new file.
  return made && made.blob === blob ? made.url : null;
}
