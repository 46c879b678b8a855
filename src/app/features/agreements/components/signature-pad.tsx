import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { TYPED_NAME_MAX } from '#domain/schemas/agreement';
import { Button } from '../../../components/button.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { TextField } from '../../../components/text-field.tsx';

/** What a person gave as their signature: the drawn PNG, or the name typed instead. */
export type SignatureGiven = { drawn: Blob; typedName: '' } | { drawn: null; typedName: string };

const WIDTH = 600;
const HEIGHT = 200;
const EMPTY = 'Sign in the box first, or type the name instead.';
const NO_NAME = 'Type the name to sign with.';

/**
 * A signature pad: a canvas drawn on with a finger, a stylus or a mouse (pointer events), with
 * Clear and Sign. Where drawing is impossible (a keyboard, a screen reader) "Type name instead"
 * gives a name field. `name` says who signs ("Customer"), in every label.
 */
export function SignaturePad({
  name,
  busy,
  onSign,
}: {
  name: string;
  busy: boolean;
  onSign: (signature: SignatureGiven) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);
  const [typing, setTyping] = useState(false);
  const [typedName, setTypedName] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.lineWidth = 3;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111827';
  }, [typing]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * WIDTH,
      y: ((event.clientY - box.top) / box.height) * HEIGHT,
    };
  };
  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    // A tap leaves a dot.
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
    setDrawn(true);
    setRefusal(null);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    const { x, y } = point(event);
    context?.lineTo(x, y);
    context?.stroke();
  };
  const end = () => {
    drawing.current = false;
  };
  const clear = () => {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    setDrawn(false);
  };

  const sign = () => {
    if (typing) {
      const typed = typedName.trim();
      if (!typed) {
        setRefusal(NO_NAME);
        return;
      }
      onSign({ drawn: null, typedName: typed.slice(0, TYPED_NAME_MAX) });
      return;
    }
    if (!drawn || !canvas.current) {
      setRefusal(EMPTY);
      return;
    }
    canvas.current.toBlob((blob) => {
      if (blob) onSign({ drawn: blob, typedName: '' });
      else setRefusal('This device could not read the signature. Type the name instead.');
    }, 'image/png');
  };

  return (
    <div className="signature-pad">
      {typing ? (
        <TextField
          label={`${name}: name to sign with`}
          autoComplete="name"
          maxLength={TYPED_NAME_MAX}
          value={typedName}
          onChange={(event) => {
            setTypedName(event.target.value);
            setRefusal(null);
          }}
        />
      ) : (
        <canvas
          ref={canvas}
          className="signature-pad__canvas"
          width={WIDTH}
          height={HEIGHT}
          role="img"
          aria-label={`${name}: signature box. Draw with a finger, a stylus or a mouse, or type the name instead.`}
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
        />
      )}
      <div className="form__actions signature-pad__actions">
        <Refusal message={refusal} />
        <Button
          variant="secondary"
          onClick={() => {
            setTyping(!typing);
            setDrawn(false);
            setRefusal(null);
          }}
        >
          {typing ? 'Draw instead' : 'Type name instead'}
        </Button>
        {typing ? null : (
          <Button variant="secondary" onClick={clear} disabled={!drawn}>
            Clear
          </Button>
        )}
        <Button onClick={sign} disabled={busy}>
          {busy ? 'Signing...' : `Sign as ${name.toLowerCase()}`}
        </Button>
      </div>
    </div>
  );
}
