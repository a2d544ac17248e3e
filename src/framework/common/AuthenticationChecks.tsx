import { Box, Checkbox, FormControlLabel, FormGroup, FormLabel, Typography } from '@mui/material';
import type { SignerAuthentication } from '../../../contract/endpoints/documentGroups';

export type AuthenticationOption = { key: SignerAuthentication; label: string; enabled: boolean };

/**
 * The identity checks asked of one signer (codes by e-mail, SMS or WhatsApp, selfie): one
 * checkbox per method, those the company lacks shown but disabled, with `disabledTitle` saying why.
 */
export function AuthenticationChecks({
  legend,
  options,
  value,
  error,
  disabledTitle,
  onChange,
}: {
  legend: string;
  options: readonly AuthenticationOption[];
  value: readonly SignerAuthentication[];
  error?: string;
  disabledTitle?: (label: string) => string;
  onChange: (value: SignerAuthentication[]) => void;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormLabel component="legend" sx={{ typography: 'body2' }}>
        {legend}
      </FormLabel>
      <FormGroup row sx={{ columnGap: 1 }}>
        {options.map((option) => {
          const checked = value.includes(option.key);
          return (
            <FormControlLabel
              key={option.key}
              // A method switched off after it was chosen stays visible so it can be unticked.
              disabled={!option.enabled && !checked}
              title={!option.enabled && disabledTitle ? disabledTitle(option.label) : undefined}
              label={option.label}
              control={
                <Checkbox
                  size="small"
                  checked={checked}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? [...value, option.key]
                        : value.filter((method) => method !== option.key),
                    )
                  }
                />
              }
            />
          );
        })}
      </FormGroup>
      {error ? (
        <Typography color="error" variant="caption" role="alert">
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}
