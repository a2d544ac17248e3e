import { Box, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { pathOf } from '../access/routes';
import { useAppTranslate } from '../i18n/useAppTranslate';

/**
 * The product's mark: a gold tile with an R, and the name unless `compact` (or, with
 * `nameFromSm`, on phones, where the top bar needs the room for the company and the user).
 * Links to home.
 */
export function Brand({
  compact = false,
  nameFromSm = false,
  to = pathOf('home'),
}: {
  compact?: boolean;
  nameFromSm?: boolean;
  to?: string;
}) {
  const translate = useAppTranslate();
  return (
    <Box
      component={Link}
      to={to}
      aria-label={translate('app.shell.home_link')}
      data-testid="brand-link"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        color: 'inherit',
        textDecoration: 'none',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 36,
          height: 36,
          borderRadius: 2,
          flexShrink: 0,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontFamily: 'Georgia, serif',
          fontWeight: 700,
          fontSize: 22,
        }}
      >
        R
      </Box>
      {!compact && (
        <Typography
          component="span"
          variant="h6"
          sx={{
            fontWeight: 700,
            letterSpacing: 0.2,
            display: nameFromSm ? { xs: 'none', sm: 'inline' } : undefined,
          }}
        >
          {translate('app.name')}
        </Typography>
      )}
    </Box>
  );
}
