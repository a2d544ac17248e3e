import { Stack, Switch, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { AuthenticatedUser } from '../../contract';
import type { AppDataProvider } from '../dataProvider';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { serverMessage } from '../session/serverErrors';

export type TwoFactorSwitchProps = {
  enabled: boolean;
  disabled: boolean;
  /** The profile query to update with the server's answer. */
  queryKey: readonly unknown[];
};

/** Turns two-step verification on or off for the logged-in user (`twoFactorPreference`). */
export function TwoFactorSwitch({ enabled, disabled, queryKey }: TwoFactorSwitchProps) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [saving, setSaving] = useState(false);

  const toggle = async (next: boolean) => {
    setSaving(true);
    try {
      const reply = await dataProvider.callEndpoint('twoFactorPreference', { body: { enabled: next } });
      queryClient.setQueryData<AuthenticatedUser>(queryKey, (user) =>
        user ? { ...user, two_factor_enabled: reply.two_factor_enabled } : user,
      );
      notify(reply.two_factor_enabled ? 'app.profile.two_factor_on' : 'app.profile.two_factor_off', {
        type: 'success',
      });
    } catch (error) {
      notify(serverMessage(error) ?? 'app.login.error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
      <Stack sx={{ minWidth: 0 }}>
        <Typography id="two-factor-label" sx={{ fontWeight: 500 }}>
          {translate('app.profile.two_factor')}
        </Typography>
        <Typography id="two-factor-help" variant="body2" color="text.secondary">
          {translate('app.profile.two_factor_help')}
        </Typography>
      </Stack>
      <Switch
        checked={enabled}
        disabled={disabled || saving}
        onChange={(event) => toggle(event.target.checked)}
        slotProps={{
          input: { 'aria-labelledby': 'two-factor-label', 'aria-describedby': 'two-factor-help' },
        }}
      />
    </Stack>
  );
}
