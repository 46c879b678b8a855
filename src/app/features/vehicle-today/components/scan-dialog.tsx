import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { vehicleLabel } from '#app/lib/vehicle-label';
import { useFleetChoices } from '../../fleet/index.ts';
import { cachedFleet } from '../api/cached-fleet.ts';
import { decodeQr } from '../decode-qr.ts';
import { labelCodeFromScan, matchRegistration } from '../label-code.ts';
import { framePixels } from '../scan-frame.ts';
import { useCameraScan, type CameraState } from '../use-camera-scan.ts';

const NOT_OURS = 'This QR code is not one of our vehicle labels.';
const NO_DECODER =
  'The QR reader has not been kept on this device yet: type the registration, or scan once back online.';
const NO_QR_IN_PHOTO = 'No QR code could be read in this photo. Take it closer, square on and in focus.';

const CAMERA_TEXT: Record<CameraState, string> = {
  off: 'The camera is off.',
  starting: 'Starting the camera...',
  scanning: "Point the camera at the vehicle's label.",
  denied: 'The camera may not be used here. Scan a photo, or type the registration.',
  unavailable: 'No camera could be opened. Scan a photo, or type the registration.',
};

/**
 * The Scan dialog (issue 23): the camera reads a label and opens its vehicle's today card; a photo
 * of a label does the same without a live camera; and typing the registration (or the code under
 * the QR) finds the vehicle in the fleet kept on the device — offline too. A modal `<dialog>`:
 * focus stays inside, Escape closes it, and the camera is stopped as it closes.
 */
export function ScanDialog({ onClose }: { onClose: (openedCard: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const photoCanvas = useRef<HTMLCanvasElement | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fleetQuery = useFleetChoices();
  const titleId = useId();
  const [cameraOn, setCameraOn] = useState(true);
  const [message, setMessage] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | undefined>(undefined);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // Closed before it goes, so the page behind is no longer inert when the focus is given back.
    return () => element?.close();
  }, []);

  const open = (code: string) => {
    setCameraOn(false);
    onClose(true);
    void navigate({ to: '/v/$code', params: { code } });
  };

  /** What a QR code said: one of our labels opens its card; anything else is said and scanning goes on. */
  const take = (text: string): boolean => {
    const code = labelCodeFromScan(text);
    if (!code) {
      setMessage(NOT_OURS);
      return false;
    }
    open(code);
    return true;
  };

  const camera = useCameraScan(video, cameraOn, take);

  const scanPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReading(true);
    setMessage(null);
    try {
      const bitmap = await createImageBitmap(file).catch(() => null);
      const canvas = (photoCanvas.current ??= document.createElement('canvas'));
      const pixels = bitmap ? framePixels(canvas, bitmap, bitmap.width, bitmap.height) : null;
      bitmap?.close();
      if (!pixels) {
        setMessage('This file could not be read as a photo. Try another one.');
        return;
      }
      const text = await decodeQr(pixels);
      if (text === null) setMessage(NO_QR_IN_PHOTO);
      else take(text);
    } catch {
      // The decoder's code could not be fetched: offline on a device that never kept it (decision 059).
      setMessage(NO_DECODER);
    } finally {
      setReading(false);
    }
  };

  // The fleet kept on the device, read again at each render: the whole-fleet list (asked for
  // above, so its arrival renders this again) and whatever Vehicles pages were seen.
  const fleet = cachedFleet(queryClient);
  const found = matchRegistration(fleet, typed);
  const showMatches = typed.trim() !== '' && found.exact === null && found.matches.length > 0;

  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) {
      setTypedError('Type the registration.');
      return;
    }
    const only = found.exact ?? (found.matches.length === 1 ? found.matches[0] : undefined);
    if (only) {
      open(only.label_code.toUpperCase());
      return;
    }
    setTypedError(
      found.matches.length > 1
        ? 'Several vehicles match: choose one below.'
        : fleet.length === 0
          ? fleetQuery.isPending && fleetQuery.fetchStatus === 'fetching'
            ? 'The fleet is still loading: try again in a moment.'
            : 'The fleet is not kept on this device yet: open Vehicles once while online.'
          : 'No vehicle of your fleet kept on this device has this registration.',
    );
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog scan-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
    >
      <div className="scan-dialog__head">
        <h2 id={titleId} className="confirm-dialog__title">
          Scan a vehicle label
        </h2>
        <Button variant="ghost" size="sm" onClick={() => onClose(false)} autoFocus>
          Close
        </Button>
      </div>

      <div className="scan-dialog__camera" data-state={camera}>
        <video ref={video} className="scan-dialog__video" muted playsInline aria-hidden="true" />
        <p className="scan-dialog__camera-text" role="status">
          {CAMERA_TEXT[camera]}
        </p>
      </div>
      <div aria-live="assertive">{message ? <StatusMessage tone="error">{message}</StatusMessage> : null}</div>

      <div className="scan-dialog__row">
        {camera === 'scanning' || camera === 'starting' ? (
          <Button variant="secondary" onClick={() => setCameraOn(false)}>
            Stop camera
          </Button>
        ) : camera === 'off' ? (
          <Button variant="secondary" onClick={() => setCameraOn(true)}>
            Use the camera
          </Button>
        ) : null}
        <label className="button button--secondary button--md scan-dialog__photo">
          {reading ? 'Reading the photo...' : 'Scan a photo'}
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            disabled={reading}
            onChange={(event) => void scanPhoto(event)}
          />
        </label>
      </div>

      <form
        className="scan-dialog__typed"
        onSubmit={submitTyped}
        noValidate
        aria-label="Find a vehicle by its registration"
      >
        <TextField
          label="Registration"
          hint="Or the code printed under the QR code."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          error={typedError}
          onChange={(event) => {
            setTyped(event.target.value);
            setTypedError(undefined);
          }}
        />
        <Button type="submit">Open</Button>
      </form>
      {showMatches ? (
        <ul className="scan-dialog__matches" aria-label="Matching vehicles">
          {found.matches.map((vehicle) => (
            <li key={vehicle.id}>
              <Link
                to="/v/$code"
                params={{ code: vehicle.label_code.toUpperCase() }}
                className="scan-dialog__match"
                onClick={() => {
                  setCameraOn(false);
                  onClose(true);
                }}
              >
                {vehicleLabel(vehicle)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </dialog>
  );
}
