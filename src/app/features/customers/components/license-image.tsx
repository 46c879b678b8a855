import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import '../license-image.css';

/** The license as a thumbnail that opens full size in a modal `<dialog>` (Escape or Close shuts it). */
export function LicenseImage({ src, alt = "Your driver's license" }: { src: string; alt?: string }) {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <>
      <button type="button" className="license-image" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <img className="license-image__thumb" src={src} alt={alt} />
        <span className="license-image__hint">Show full size</span>
      </button>
      <dialog ref={dialogRef} className="license-dialog" aria-labelledby={titleId} onClose={() => setOpen(false)}>
        <div className="license-dialog__header">
          <h2 id={titleId} className="license-dialog__title">
            {alt}
          </h2>
          <Button variant="secondary" size="sm" onClick={() => setOpen(false)} autoFocus>
            Close
          </Button>
        </div>
        <img className="license-dialog__image" src={src} alt={alt} />
      </dialog>
    </>
  );
}
