import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { AppMessageKey } from '../i18n/en';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { useMenuLabel } from '../layout/useMenuLabel';

export type PlaceholderPageProps = { title: AppMessageKey };

/**
 * A screen whose route, permissions and menu entry are final but whose content comes with a later
 * issue: its Spanish title and a short notice.
 */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  const translate = useAppTranslate();
  const menuLabel = useMenuLabel();
  // Statistics labels repeat per scope ("Usuarios" of the company and of every company): those pages
  // keep their qualified titles.
  const text = (!useLocation().pathname.startsWith('/statistics/') && menuLabel) || translate(title);
  useDocumentTitle(text);
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ py: 3 }}>
      <Title title={text} />
      <Typography id="page-title" component="h1" variant="h4" gutterBottom>
        {text}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, mt: 2, maxWidth: 720 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <ConstructionOutlinedIcon color="primary" aria-hidden />
          <Typography color="text.secondary">{translate('app.shell.placeholder_notice')}</Typography>
        </Stack>
      </Paper>
    </Box>
  );
}
