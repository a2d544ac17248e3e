import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import { Box, Stack, Typography } from '@mui/material';
import { useAppTranslate } from '../i18n/useAppTranslate';

/** SPEC §1, §2.6: the footer carries the ISO 9001 / ISO 27001 certification statement. */
export function AppFooter() {
  const translate = useAppTranslate();
  return (
    <Box
      component="footer"
      data-testid="app-footer"
      sx={{
        mt: 'auto',
        px: { xs: 2, sm: 3 },
        py: 2.5,
        // Room for the floating help button on the right.
        pr: { xs: 10, sm: 12 },
        borderTop: '1px solid',
        borderColor: 'divider',
        color: 'text.secondary',
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', maxWidth: 960 }}>
        <VerifiedOutlinedIcon fontSize="small" color="primary" sx={{ mt: 0.25 }} aria-hidden />
        <Box>
          <Typography variant="body2" data-testid="certification-statement">
            {translate('app.shell.footer_certification')}
          </Typography>
          <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
            {translate('app.shell.footer_rights', { year: new Date().getFullYear() })}
          </Typography>
        </Box>
      </Stack>
    </Box>
  );
}
