import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HelpOutlineIcon from '@mui/icons-material/HelpCenterOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  CircularProgress,
  InputAdornment,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useDebounced } from '../../framework/common/useDebounced';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { RichText } from '../notifications/NotificationDetails';
import { groupByCategory } from './faqGroups';

/**
 * SPEC §2.1 faq.asked-questions (/frequently-asked-questions, no access list): the published help
 * articles grouped by category, with a search over titles and texts (faq_articles?q=). Works for
 * visitors and signed-in users alike: faq_articles is public.
 */
export function FaqPage() {
  const translate = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const title = translate('app.platform.faq.title');
  useDocumentTitle(title);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const { data, isPending } = useQuery({
    queryKey: ['faq', q],
    queryFn: () => dataProvider.tryCallEndpoint('listFaqArticles', q ? { q } : {}),
    placeholderData: (previous) => previous,
  });
  const groups = groupByCategory(data?.items ?? []);

  return (
    <Box
      component="section"
      aria-labelledby="faq-title"
      sx={{ py: { xs: 2, md: 3 }, maxWidth: 920, mx: 'auto' }}
    >
      <Title title={title} />
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 3, md: 5 },
          mb: 3,
          borderRadius: 3,
          textAlign: 'center',
          background: (theme) =>
            `linear-gradient(135deg, ${theme.palette.primary.main}1f 0%, ${theme.palette.background.paper} 70%)`,
        }}
      >
        <HelpOutlineIcon color="primary" sx={{ fontSize: 40, mb: 1 }} aria-hidden />
        <Typography id="faq-title" component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {translate('app.platform.faq.subtitle')}
        </Typography>
        <TextField
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={translate('app.platform.faq.search')}
          fullWidth
          sx={{ maxWidth: 560, bgcolor: 'background.paper' }}
          slotProps={{
            htmlInput: { 'aria-label': translate('app.platform.faq.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
              endAdornment: isPending ? <CircularProgress size={18} aria-hidden /> : null,
            },
          }}
        />
      </Paper>
      {!isPending && groups.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }} role="status">
          {q ? translate('app.platform.faq.no_results', { q }) : translate('app.platform.faq.empty')}
        </Typography>
      ) : null}
      <Stack spacing={4}>
        {groups.map((group) => (
          <Box key={group.category} component="section" aria-label={group.category}>
            <Typography component="h2" variant="h6" sx={{ mb: 1.5, fontWeight: 700 }}>
              {group.category}
            </Typography>
            <Stack spacing={1}>
              {group.articles.map((article) => (
                <Accordion
                  key={article.id}
                  disableGutters
                  variant="outlined"
                  sx={{ borderRadius: 2, '&::before': { display: 'none' } }}
                >
                  <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                    <Typography component="h3" sx={{ fontWeight: 600 }}>
                      {article.title}
                    </Typography>
                  </AccordionSummary>
                  <AccordionDetails>
                    <RichText html={article.body_html} />
                  </AccordionDetails>
                </Accordion>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
