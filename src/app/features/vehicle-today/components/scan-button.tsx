import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Icon, iconSet } from '../../../components/icons.tsx';
import { onIdle } from '../../../lib/idle.ts';
import { fleetChoicesQueryOptions } from '../../fleet/index.ts';
import { prepareQrDecoder } from '../decode-qr.ts';
import { ScanDialog } from './scan-dialog.tsx';
import '../vehicle-today.css';

const SCAN_ICONS = iconSet({
  scan: 'M3 7V5a2 2 0 0 1 2-2h2M17 3h2a2 2 0 0 1 2 2v2M21 17v2a2 2 0 0 1-2 2h-2M7 21H5a2 2 0 0 1-2-2v-2M7 12h10',
});

/**
 * The staff header's Scan button (issue 23). Its code comes after the first paint (StaffLayout);
 * on arrival it makes sure the whole fleet and the QR decoder are kept on the device, so that a
 * label scanned or a registration typed later, out of signal, still finds its vehicle.
 */
export function ScanButton() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  // Where the focus goes once the dialog has gone (the page behind is inert until then): back to
  // the button, or to the page a scan opened.
  const focusAfterClose = useRef<'button' | 'main' | null>(null);
  useEffect(() => {
    if (open || !focusAfterClose.current) return;
    if (focusAfterClose.current === 'button') button.current?.focus();
    else document.getElementById('main')?.focus();
    focusAfterClose.current = null;
  }, [open]);

  useEffect(() => {
    // Fresh for a minute like every list: a page change does not fetch the fleet again.
    void queryClient.prefetchQuery(fleetChoicesQueryOptions());
    // The decoder too (jsQR where the browser has no BarcodeDetector), when nothing else is going on.
    return onIdle(prepareQrDecoder, 5_000);
  }, [queryClient]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="scan-button"
        aria-label="Scan"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Icon icon={SCAN_ICONS.scan} />
        <span className="scan-button__text" aria-hidden="true">
          Scan
        </span>
      </button>
      {open ? (
        <ScanDialog
          onClose={(opened) => {
            focusAfterClose.current = opened ? 'main' : 'button';
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
