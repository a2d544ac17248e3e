import { Alert, Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { PUBLIC_MESSAGES, PublicShell } from '../../pages/public/PublicShell';
import { FileVerdictView, RequestSummaryView } from './ValidationResult';
import {
  type FileVerdict,
  type RequestSummary,
  ValidationRequestError,
  validateCode,
  validateFile,
} from './validationApi';

const MAX_BYTES = 7 * 1024 * 1024;

type Result =
  | { kind: 'code'; summary: RequestSummary }
  | { kind: 'file'; verdict: FileVerdict }
  | { kind: 'error'; message: string };

const messageOf = (error: unknown) =>
  error instanceof ValidationRequestError ? error.message : 'No fue posible validar. Intente de nuevo';

/**
 * /certificate_validation: anyone checks a signed document by the code on its certificate (the
 * QR opens this page with `?code=`) or by uploading the PDF.
 */
export function CertificateValidationPage() {
  const initialCode = new URLSearchParams(window.location.search).get('code') ?? '';
  const [code, setCode] = useState(initialCode);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>();
  const fileInput = useRef<HTMLInputElement>(null);

  const run = useCallback(async (work: () => Promise<Result>) => {
    setBusy(true);
    setResult(undefined);
    try {
      setResult(await work());
    } catch (error) {
      setResult({ kind: 'error', message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }, []);

  const checkCode = useCallback(
    (value: string) => run(async () => ({ kind: 'code', summary: await validateCode(value) })),
    [run],
  );

  // The QR's link validates at once.
  useEffect(() => {
    if (initialCode) void checkCode(initialCode);
  }, [initialCode, checkCode]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) void checkCode(code);
    else setResult({ kind: 'error', message: 'Escriba el código de validación del certificado' });
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setResult({ kind: 'error', message: 'El PDF no puede superar 7 MB' });
      return;
    }
    void run(async () => ({ kind: 'file', verdict: await validateFile(file) }));
  };

  return (
    <PublicShell title={PUBLIC_MESSAGES.pages.certificate_validation}>
      <Typography>
        Compruebe si un documento firmado en Rúbrica está íntegro, quién lo firmó y cuándo. Con el código solo
        verá el estado de la firma, nunca el contenido del documento.
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="form" onSubmit={onSubmit} noValidate>
          <Typography component="h2" variant="h6" gutterBottom>
            Con el código de validación
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField
              label="Código de validación"
              placeholder="K7QM-2XHD-9TRB"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false } }}
              fullWidth
            />
            <Button type="submit" variant="contained" disabled={busy} sx={{ minWidth: 120 }}>
              Validar
            </Button>
          </Stack>
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" variant="h6" gutterBottom>
          Con el archivo PDF
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          El archivo se revisa en el servidor y no se guarda.
        </Typography>
        <Button variant="outlined" component="label" disabled={busy}>
          Subir PDF
          <input
            ref={fileInput}
            type="file"
            accept="application/pdf,.pdf"
            hidden
            aria-label="Archivo PDF a validar"
            onChange={(event) => {
              onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Button>
      </Paper>
      <Box aria-live="polite" aria-busy={busy}>
        {busy ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} aria-label="Validando" />
            <Typography>Validando…</Typography>
          </Stack>
        ) : null}
        {result?.kind === 'error' ? <Alert severity="error">{result.message}</Alert> : null}
        {result?.kind === 'code' ? <RequestSummaryView summary={result.summary} /> : null}
        {result?.kind === 'file' ? <FileVerdictView verdict={result.verdict} /> : null}
      </Box>
    </PublicShell>
  );
}
