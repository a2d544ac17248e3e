import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { CompanyAutocomplete, useCompanyScope } from '../../framework/common/companyChoices';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { useMenuLabel } from '../../layout/useMenuLabel';
import { EmailTemplateEditor } from './EmailTemplateEditor';
import { companyFeaturesKey, FeatureSwitches } from './FeatureSwitches';

/**
 * /company_features: a company's switches (contract/features.ts) and its own e-mail texts with a
 * live preview. The administrator picks any company; a company user its company or a branch.
 */
export function CompanyFeaturesPage() {
  const translate = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const scope = useCompanyScope();
  const [companyId, setCompanyId] = useState(scope.companyId);
  const title = useMenuLabel() ?? translate('app.companies.features.title');
  useDocumentTitle(title);
  const features = useQuery({
    queryKey: companyFeaturesKey(companyId),
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint('getCompanyEnabledFeatures', { body: { company_id: companyId } }, { signal }),
    enabled: companyId > 0,
  });

  return (
    <Box component="section" aria-labelledby="page-title" sx={{ py: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={title} />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { md: 'flex-end' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="page-title" component="h1" variant="h4">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.companies.features.subtitle')}
          </Typography>
        </Box>
        {/* A fixed width on a row: the picker's full-width field must not squeeze the heading. */}
        <Box sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0 }}>
          <CompanyAutocomplete
            value={companyId}
            onChange={(company) => company && setCompanyId(company.id)}
            label={translate('app.companies.features.company')}
          />
        </Box>
      </Stack>
      {features.data ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 3fr)' },
          }}
        >
          <FeatureSwitches data={features.data} />
          <EmailTemplateEditor key={features.data.company_id} data={features.data} />
        </Box>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          {features.isError ? (
            <Typography color="error">
              {features.error instanceof Error ? features.error.message : ''}
            </Typography>
          ) : (
            <CircularProgress aria-label={translate('app.shell.loading')} />
          )}
        </Box>
      )}
    </Box>
  );
}
