import dancingScriptUrl from '@expo-google-fonts/dancing-script/400Regular/DancingScript_400Regular.ttf?url';
import { Box, Button, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { type PointerEvent, useEffect, useRef, useState } from 'react';

/**
 * The signature, three ways: drawn with a finger, pen or mouse (pointer events on a canvas),
 * typed (shown in Dancing Script, the font the seal stamps it with) or an uploaded image.
 * `onChange` gets what is ready to send, or null while nothing is.
 */

export type SignatureValue =
  | { kind: 'drawn'; png: Blob }
  | { kind: 'uploaded'; file: File }
  | { kind: 'typed'; text: string };

export const SIGNATURE_FONT = 'Dancing Script';

let fontLoaded: Promise<void> | null = null;
/** The handwriting font, loaded only when the signer chooses to type. */
export function loadSignatureFont(): Promise<void> {
  if (typeof FontFace === 'undefined') return Promise.resolve();
  fontLoaded ??= new FontFace(SIGNATURE_FONT, `url(${dancingScriptUrl})`)
    .load()
    .then((face) => {
      document.fonts.add(face);
    })
    .catch(() => undefined);
  return fontLoaded;
}

type Mode = 'drawn' | 'typed' | 'uploaded';

function DrawPad({ onChange }: { onChange: (value: SignatureValue | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [empty, setEmpty] = useState(true);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const scaleX = event.currentTarget.width / rect.width;
    const scaleY = event.currentTarget.height / rect.height;
    return { x: (event.clientX - rect.left) * scaleX, y: (event.clientY - rect.top) * scaleY };
  };
  const context = () => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) {
      ctx.lineWidth = 3;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#1a237e';
    }
    return ctx;
  };
  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!ctx) return;
    drawing.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const { x, y } = point(event);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = context();
    if (!ctx) return;
    const { x, y } = point(event);
    ctx.lineTo(x, y);
    ctx.stroke();
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setEmpty(false);
    canvas.current?.toBlob((blob) => onChange(blob ? { kind: 'drawn', png: blob } : null), 'image/png');
  };
  const clear = () => {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, element.width, element.height);
    setEmpty(true);
    onChange(null);
  };

  return (
    <Stack spacing={1}>
      <Box
        component="canvas"
        ref={canvas}
        width={600}
        height={200}
        role="img"
        aria-label="Área para dibujar su firma"
        data-testid="signature-canvas"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
        onPointerCancel={end}
        sx={{
          width: '100%',
          aspectRatio: '3 / 1',
          touchAction: 'none',
          border: '1px dashed',
          borderColor: 'text.secondary',
          borderRadius: 1,
          bgcolor: '#fff',
          cursor: 'crosshair',
        }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button onClick={clear} disabled={empty}>
          Borrar
        </Button>
        <Typography variant="body2" color="text.secondary">
          {empty ? 'Dibuje su firma con el dedo, un lápiz o el ratón' : 'Firma lista'}
        </Typography>
      </Stack>
    </Stack>
  );
}

function TypePad({ name, onChange }: { name: string; onChange: (value: SignatureValue | null) => void }) {
  const [text, setText] = useState(name);
  useEffect(() => {
    void loadSignatureFont();
  }, []);
  useEffect(() => {
    onChange(text.trim().length >= 2 ? { kind: 'typed', text: text.trim() } : null);
  }, [text, onChange]);
  return (
    <Stack spacing={1}>
      <TextField
        label="Escriba su nombre como firma"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
      <Box
        aria-hidden="true"
        data-testid="typed-preview"
        sx={{ fontFamily: `'${SIGNATURE_FONT}', cursive`, fontSize: 40, color: '#1a237e', minHeight: 60 }}
      >
        {text}
      </Box>
    </Stack>
  );
}

function UploadPad({ onChange }: { onChange: (value: SignatureValue | null) => void }) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return (
    <Stack spacing={1}>
      <Button component="label" variant="outlined">
        Elegir imagen de la firma (PNG o JPEG)
        <input
          hidden
          type="file"
          accept="image/png,image/jpeg"
          data-testid="signature-upload"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setPreview(URL.createObjectURL(file));
            onChange({ kind: 'uploaded', file });
          }}
        />
      </Button>
      {preview && (
        <Box
          component="img"
          src={preview}
          alt="Vista previa de la firma cargada"
          sx={{ maxHeight: 120, objectFit: 'contain' }}
        />
      )}
    </Stack>
  );
}

export function SignaturePad({
  name,
  onChange,
}: {
  name: string;
  onChange: (value: SignatureValue | null) => void;
}) {
  const [mode, setMode] = useState<Mode>('drawn');
  return (
    <Stack spacing={2}>
      <Tabs
        value={mode}
        onChange={(_, value: Mode) => {
          setMode(value);
          onChange(null);
        }}
        aria-label="Cómo firmar"
        variant="fullWidth"
      >
        <Tab value="drawn" label="Dibujar" />
        <Tab value="typed" label="Escribir" />
        <Tab value="uploaded" label="Cargar" />
      </Tabs>
      {mode === 'drawn' && <DrawPad onChange={onChange} />}
      {mode === 'typed' && <TypePad name={name} onChange={onChange} />}
      {mode === 'uploaded' && <UploadPad onChange={onChange} />}
    </Stack>
  );
}
