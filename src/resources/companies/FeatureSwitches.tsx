import {
  Card,
  CardContent,
  FormControlLabel,
  List,
  ListItem,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { FeatureKey } from '../../../contract/features';
import { useMayCall } from '../../access/endpointAccess';
import type { AppDataProvider, EndpointReply } from '../../dataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';

export type CompanyFeatures = EndpointReply<'getCompanyEnabledFeatures'>;

// Named after its call: getCompanyFeatures (the PDF screens' gate) answers another shape for the same company.
export const companyFeaturesKey = (companyId: number) => ['getCompanyEnabledFeatures', companyId] as const;

/**
 * One switch per feature of the catalogue (contract/features.ts); platform-managed ones are
 * read-only for companies, and all of them for a user who may not change features.
 */
export function FeatureSwitches({ data }: { data: CompanyFeatures }) {
  const mayChange = useMayCall()('updateCompanyEnableFeature');
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const translate = useAppTranslate();
  const notify = useNotify();
  const [pending, setPending] = useState<FeatureKey | null>(null);

  const toggle = async (feature: FeatureKey, enabled: boolean) => {
    setPending(feature);
    try {
      const reply = await dataProvider.callEndpoint('updateCompanyEnableFeature', {
        body: { company_id: data.company_id, feature, enabled },
      });
      queryClient.setQueryData(companyFeaturesKey(data.company_id), reply);
      notify(translate('app.companies.features.saved'), { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Error del servidor', { type: 'error' });
    } finally {
      setPending(null);
    }
  };

  const sourceText = (source: CompanyFeatures['features'][number]['source']) =>
    source === 'parent'
      ? translate('app.companies.features.inherited_parent')
      : source === 'default'
        ? translate('app.companies.features.default_value')
        : null;

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.companies.features.switches')}
        </Typography>
        <List disablePadding>
          {data.features.map((feature) => {
            const notes = [
              feature.managed_by === 'platform'
                ? translate('app.companies.features.managed_by_platform')
                : null,
              sourceText(feature.source),
            ].filter(Boolean);
            return (
              <ListItem key={feature.key} divider disableGutters sx={{ alignItems: 'flex-start', py: 1.5 }}>
                <Stack sx={{ flex: 1, pr: 2 }}>
                  <Typography variant="body1" sx={{ fontWeight: 500 }}>
                    {feature.label}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {feature.description}
                  </Typography>
                  {notes.length ? (
                    <Typography variant="caption" color="text.secondary">
                      {notes.join(' · ')}
                    </Typography>
                  ) : null}
                </Stack>
                <FormControlLabel
                  label=""
                  sx={{ m: 0 }}
                  control={
                    <Switch
                      checked={feature.enabled}
                      disabled={!mayChange || !feature.editable || pending !== null}
                      onChange={(_event, checked) => toggle(feature.key, checked)}
                      slotProps={{ input: { 'aria-label': feature.label } }}
                    />
                  }
                />
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
