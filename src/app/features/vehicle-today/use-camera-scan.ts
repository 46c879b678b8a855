import { useEffect, useRef, useState, type RefObject } from 'react';
import { decodeQr } from './decode-qr.ts';
import { framePixels } from './scan-frame.ts';

/** Where the camera is: asked for, showing and read, refused by the user, or not there at all. */
export type CameraState = 'off' | 'starting' | 'scanning' | 'denied' | 'unavailable';

/** A camera frame a few times a second: quick enough to feel live, light on a phone's battery. */
const FRAME_INTERVAL_MS = 200;
/** Frames are decoded smaller than photos: the label fills much of a frame held up to it. */
const FRAME_MAX_SIDE = 720;

const hasCamera = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * The back camera into `video` while `on`, each frame read by decodeQr; `onText` gets what a QR
 * code said and answers whether that ends the scan. The camera is stopped when `on` turns false
 * or the component goes, also when permission arrives after that.
 */
export function useCameraScan(
  video: RefObject<HTMLVideoElement | null>,
  on: boolean,
  onText: (text: string) => boolean,
): CameraState {
  const [outcome, setOutcome] = useState<{ state: CameraState; run: number } | null>(null);
  const [run, setRun] = useState(0);
  const latestOnText = useRef(onText);
  useEffect(() => {
    latestOnText.current = onText;
  });
  // A new run each time the camera is switched on, so an old run's answer is not taken for it.
  const [wasOn, setWasOn] = useState(on);
  if (on !== wasOn) {
    setWasOn(on);
    if (on) setRun(run + 1);
  }
  const supported = hasCamera();

  useEffect(() => {
    if (!on || !supported) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');
    const element = video.current;

    const read = async () => {
      if (stopped || !element) return;
      const pixels = framePixels(canvas, element, element.videoWidth, element.videoHeight, FRAME_MAX_SIDE);
      const text = pixels ? await decodeQr(pixels).catch(() => null) : null;
      if (stopped) return;
      if (text !== null && latestOnText.current(text)) return;
      timer = setTimeout(() => void read(), FRAME_INTERVAL_MS);
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        if (stopped || !element) {
          // Permission came after the dialog closed: the camera goes off at once.
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = media;
        element.srcObject = media;
        await element.play();
        if (stopped) return;
        setOutcome({ state: 'scanning', run });
        void read();
      })
      .catch((error: unknown) => {
        if (stopped) return;
        const refused =
          error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
        setOutcome({ state: refused ? 'denied' : 'unavailable', run });
      });

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      if (element) element.srcObject = null;
    };
  }, [on, supported, run, video]);

  if (!on) return 'off';
  if (!supported) return 'unavailable';
  return outcome?.run === run ? outcome.state : 'starting';
}
