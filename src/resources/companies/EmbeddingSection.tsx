import {
  Button,
  FormControlLabel,
  FormHelperText,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { FRAME_ORIGIN_MESSAGES, normaliseFrameOrigins } from '../../../contract/frameOrigins';
import type { CompanyRecord } from './CompanyFields';
import { usePendingCall } from './usePendingCall';
import { useSectionTools } from './useSectionTools';

const embeddingQueryKey = (companyId: number) => ['company-embedding', companyId] as const;

/**
 * Embedded signing: the origins that may frame the company's signing pages (one per line, checked
 * here with the API's own rules before saving) and whether its API keys' sends hand back the links
 * instead of e-mailing them.
 */
export function EmbeddingSection() {
  const record = useRecordContext<CompanyRecord>();
  const companyId = Number(record?.id);
  const { dataProvider, translate, notify, queryClient } = useSectionTools();
  const settings = useQuery({
    queryKey: embeddingQueryKey(companyId),
    queryFn: ({ signal }) => dataProvider.callEndpoint('getCompanyEmbedding', { companyId }, { signal }),
    enabled: companyId > 0,
  });
  const [origins, setOrigins] = useState('');
  const [inReply, setInReply] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, run } = usePendingCall();
  useEffect(() => {
    if (!settings.data) return;
    setOrigins(settings.data.frame_origins.join('\n'));
    setInReply(settings.data.signer_links_in_reply);
  }, [settings.data]);
  if (!record) return null;

  const save = async () => {
    const lines = origins.split('\n').filter((line) => line.trim() !== '');
    const checked = normaliseFrameOrigins(lines);
    if ('problems' in checked) {
      const [index, reason] = Object.entries(checked.problems)[0] ?? [];
      return setProblem(
        checked.tooMany
          ? FRAME_ORIGIN_MESSAGES.tooMany
          : translate('app.companies.embedding.line_problem', {
              line: Number(index) + 1,
              problem: reason ?? '',
            }),
      );
    }
    setProblem(null);
    await run(async () => {
      const saved = await dataProvider.callEndpoint('updateCompanyEmbedding', {
        companyId,
        body: { frame_origins: checked.origins, signer_links_in_reply: inReply },
      });
      queryClient.setQueryData(embeddingQueryKey(companyId), saved);
      notify(translate('app.companies.embedding.saved'), { type: 'success' });
    }, setProblem);
  };

  return (
    <Stack spacing={2} sx={{ py: 1, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.companies.embedding.intro')}
      </Typography>
      <TextField
        label={translate('app.companies.embedding.origins')}
        helperText={translate('app.companies.embedding.origins_help')}
        value={origins}
        onChange={(event) => setOrigins(event.target.value)}
        placeholder="https://"
        multiline
        minRows={2}
        size="small"
        fullWidth
        disabled={settings.data === undefined}
      />
      <Stack spacing={0.5}>
        <FormControlLabel
          control={<Switch checked={inReply} onChange={(_, checked) => setInReply(checked)} />}
          label={translate('app.companies.embedding.links_in_reply')}
          disabled={settings.data === undefined}
        />
        <Typography variant="body2" color="text.secondary">
          {translate('app.companies.embedding.links_in_reply_help')}
        </Typography>
      </Stack>
      {problem ? (
        <FormHelperText error role="alert" sx={{ overflowWrap: 'anywhere' }}>
          {problem}
        </FormHelperText>
      ) : null}
      <div>
        <Button variant="outlined" onClick={save} disabled={pending || settings.data === undefined}>
          {translate('app.companies.embedding.save')}
        </Button>
      </div>
    </Stack>
  );
}
