import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { Box, Button, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useId, useState } from 'react';
import { useInput, useRecordContext } from 'react-admin';
import type { AppMessageKey } from '../../i18n/en';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { BANNER_IMAGE_TYPES, bannerImageProblem, readBannerImage } from './bannerImage';
import type { BannerImageValue } from './bannersData';

/**
 * The image of an image banner: pick a PNG or JPEG of at most 1 MB and see it before saving. On
 * edit, the stored image shows until another is picked (leaving `image` empty keeps it).
 */
export function BannerImageInput() {
  const translate = useAppTranslate();
  const record = useRecordContext();
  const inputId = useId();
  const [problem, setProblem] = useState<AppMessageKey | null>(null);
  const storedImage = typeof record?.image_url === 'string' ? record.image_url : null;
  const { field, fieldState } = useInput({
    source: 'image',
    // A new banner of kind image needs one; an edited one may keep its stored image.
    validate: (value: unknown) => (value || storedImage ? undefined : 'app.platform.banners.image_required'),
  });
  const picked = field.value as BannerImageValue | null | undefined;
  const preview = picked?.preview ?? storedImage;

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const reason = bannerImageProblem(file);
    setProblem(reason);
    if (reason) return;
    field.onChange(await readBannerImage(file));
  };
  const serverOrRule = fieldState.error?.message;
  const error = problem ? translate(problem) : serverOrRule ? translate(serverOrRule as AppMessageKey) : '';

  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          sx={{
            width: 240,
            height: 96,
            borderRadius: 2,
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            bgcolor: 'action.hover',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
          }}
        >
          {preview ? (
            <img
              src={preview}
              alt={translate('app.platform.banners.preview')}
              style={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <ImageOutlinedIcon color="disabled" fontSize="large" aria-hidden />
          )}
        </Box>
        <Stack spacing={0.5}>
          <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<ImageOutlinedIcon />}>
            {translate('app.platform.banners.choose_image')}
            <input
              id={inputId}
              type="file"
              hidden
              accept={BANNER_IMAGE_TYPES.join(',')}
              onChange={onPick}
              aria-label={translate('resources.banners.fields.image')}
            />
          </Button>
          <Typography variant="caption" color="text.secondary">
            {picked?.filename ?? translate('app.platform.banners.image_hint')}
          </Typography>
          {error ? (
            <Typography variant="caption" color="error" role="alert">
              {error}
            </Typography>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  );
}
