import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Card, CardContent, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { EditBase, Form, type RaRecord, SaveButton, useEditContext, useGetOne, useNotify } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { replyMessageOf } from '../../dataProvider';
import { useCompanyScope } from '../../framework/common/companyChoices';
import { KEEP_TYPED_VALUES } from '../../framework/common/formValues';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { ApiKeySection } from './ApiKeySection';
import type { CompanyRecord } from './CompanyFields';
import { CompanyStatusChip } from './CompanyFields';
import { CompanyInputs } from './CompanyInputs';
import { EmbeddingSection } from './EmbeddingSection';
import { LogoInput } from './LogoInput';
import { COMPANY_LIST_PATH } from './paths';
import { WebhooksSection } from './WebhooksSection';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The form of the update page, once the record is loaded from the server. A record the list left
 * in the cache shows at once, but its refetch differs from it and react-admin then resets the form:
 * what the user had typed meanwhile would be lost, so the form waits for that first fetch.
 */
function CompanyEditForm({ isAdministrator }: { isAdministrator: boolean }) {
  const translate = useAppTranslate();
  const { record, isPending, isFetching } = useEditContext<CompanyRecord>();
  const [fetchedOnce, setFetchedOnce] = useState(false);
  useEffect(() => {
    if (!isFetching) setFetchedOnce(true);
  }, [isFetching]);
  if (isPending || !record || !fetchedOnce) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={translate('app.shell.loading')} />
      </Box>
    );
  }
  return (
    <Form resetOptions={KEEP_TYPED_VALUES}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="h5" component="p">
            {record.fiscal_name}
          </Typography>
          <CompanyStatusChip />
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          }}
        >
          <Section title={translate('app.companies.sections.identity')}>
            <CompanyInputs
              kind={record.is_branch ? 'branch' : 'company'}
              isAdministrator={isAdministrator}
              editing
            />
          </Section>
          <Stack spacing={2}>
            <Section title={translate('app.companies.sections.logo')}>
              <LogoInput />
            </Section>
            <Section title={translate('app.companies.sections.api_key')}>
              <ApiKeySection />
            </Section>
            <Section title={translate('app.companies.sections.webhooks')}>
              <WebhooksSection />
            </Section>
            <Section title={translate('app.companies.sections.embedding')}>
              <EmbeddingSection />
            </Section>
          </Stack>
        </Box>
        <Divider />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button component={Link} to={COMPANY_LIST_PATH} color="inherit">
            {translate('app.list.cancel')}
          </Button>
          <SaveButton label={translate('app.list.save')} />
        </Stack>
      </Stack>
    </Form>
  );
}

/**
 * /user/company/update/:id (SPEC §2.1): fiscal data, location, support channels, storage
 * (administrator), logo, API key, webhooks and embedded signing. Branches save through update_company_branch.
 */
export function CompanyEditPage() {
  const { id = '' } = useParams();
  const translate = useAppTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const scope = useCompanyScope();
  const title = translate('app.companies.edit_title');
  useDocumentTitle(title);
  const { data } = useGetOne<CompanyRecord>('companies', { id: Number(id) }, { enabled: Number(id) > 0 });
  const resource = data?.is_branch ? 'company_branches' : 'companies';

  // Status and storage capacity are the administrator's; a company never sends them.
  const transform = (values: RaRecord) => {
    if (scope.isAdministrator) return values;
    const { status: _status, storage_capacity_gb: _capacity, ...rest } = values;
    return rest as RaRecord;
  };

  return (
    <Box component="section" aria-labelledby="page-title" sx={{ py: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Button component={Link} to={COMPANY_LIST_PATH} startIcon={<ArrowBackIcon />} color="inherit">
          {translate('app.companies.back_to_list')}
        </Button>
      </Stack>
      <Typography id="page-title" component="h1" variant="h4" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {data ? (
        <EditBase
          resource={resource}
          id={Number(id)}
          mutationMode="pessimistic"
          redirect={false}
          transform={transform}
          mutationOptions={{
            onSuccess: (saved) => {
              notify(replyMessageOf(saved) ?? translate('app.list.updated'), { type: 'success' });
              navigate(COMPANY_LIST_PATH);
            },
          }}
        >
          <CompanyEditForm isAdministrator={scope.isAdministrator} />
        </EditBase>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={translate('app.shell.loading')} />
        </Box>
      )}
    </Box>
  );
}
