import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The frame of a step on a phone: «Paso N de M» with a progress bar above it, and «Atrás» with the
 * step's own way forward below it («Siguiente», or the sign button on the last step), with a line
 * saying what is missing while the way forward is closed.
 */

export function StepHeader({ index, count }: { index: number; count: number }) {
  const header = useRef<HTMLDivElement>(null);
  const shown = useRef(index);
  // A new step takes the focus (a screen reader reads «Paso N de M»; the screen scrolls to it).
  useEffect(() => {
    if (shown.current === index) return;
    shown.current = index;
    header.current?.focus();
  }, [index]);
  return (
    <Box ref={header} tabIndex={-1} sx={{ outline: 'none' }}>
      <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{`Paso ${index + 1} de ${count}`}</Typography>
      <LinearProgress
        variant="determinate"
        value={((index + 1) / count) * 100}
        aria-label="Avance de la firma"
      />
    </Box>
  );
}

export function StepNavigation({
  canGoBack,
  onBack,
  forward,
  hint,
}: {
  canGoBack: boolean;
  onBack: () => void;
  forward: ReactNode;
  /** Why the way forward is closed, or null when it is open. */
  hint: string | null;
}) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button size="large" onClick={onBack} disabled={!canGoBack}>
          Atrás
        </Button>
        {forward}
      </Stack>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
          {hint}
        </Typography>
      )}
    </Stack>
  );
}
