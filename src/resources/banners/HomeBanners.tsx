import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider, EndpointReply } from '../../dataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';

type Banner = EndpointReply<'listActiveBanners'>['items'][number];

/** Time each banner stays before the next one (paused while the pointer is over the carousel). */
export const BANNER_ROTATION_MS = 8000;

function BannerSlide({ banner }: { banner: Banner }) {
  const translate = useAppTranslate();
  const image = banner.kind === 'image' && banner.image_url;
  return (
    <Box
      sx={{
        position: 'relative',
        minHeight: { xs: 160, md: 200 },
        display: 'flex',
        alignItems: 'flex-end',
        color: image ? 'common.white' : 'text.primary',
        background: image
          ? undefined
          : (theme) =>
              `linear-gradient(120deg, ${theme.palette.primary.light}33 0%, ${theme.palette.primary.main}22 60%, ${theme.palette.background.paper} 100%)`,
      }}
    >
      {image ? (
        <>
          <Box
            component="img"
            src={image}
            alt=""
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
          />
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              inset: 0,
              background: 'linear-gradient(0deg, rgba(0,0,0,.65), rgba(0,0,0,0) 70%)',
            }}
          />
        </>
      ) : null}
      <Stack spacing={0.5} sx={{ position: 'relative', p: { xs: 2.5, md: 3.5 }, maxWidth: 760 }}>
        <Typography component="h3" variant="h5" sx={{ fontWeight: 700 }}>
          {banner.title}
        </Typography>
        {banner.body ? <Typography sx={{ opacity: 0.9 }}>{banner.body}</Typography> : null}
        {banner.link_url ? (
          <Box>
            <Button
              href={banner.link_url}
              target="_blank"
              rel="noopener noreferrer"
              variant={image ? 'contained' : 'outlined'}
              size="small"
              sx={{ mt: 1 }}
            >
              {translate('app.platform.banners.open_link')}
            </Button>
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}

/**
 * The banners the home screen shows now to whoever is signed in (active_banners: the server picks
 * them by audience, company and dates), one at a time with previous / next and dots. Nothing when
 * there are none or the call fails (SPEC §7.3 swallows failures).
 */
export function HomeBanners() {
  const translate = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: ['home', 'active_banners'],
    queryFn: () => dataProvider.tryCallEndpoint('listActiveBanners'),
  });
  const banners = data?.items ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;
  const current = count ? index % count : 0;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((value) => value + 1), BANNER_ROTATION_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  const banner = banners[current];
  if (!banner) return null;
  const go = (next: number) => setIndex((next + count) % count);
  return (
    <Paper
      component="section"
      aria-roledescription="carousel"
      aria-label={translate('app.platform.banners.home_region')}
      variant="outlined"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      sx={{ position: 'relative', overflow: 'hidden', borderRadius: 3, mb: 3 }}
    >
      <Box aria-live={paused ? 'polite' : 'off'} aria-roledescription="slide">
        <BannerSlide key={banner.id} banner={banner} />
      </Box>
      {count > 1 ? (
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ position: 'absolute', right: 12, bottom: 12, alignItems: 'center' }}
        >
          <IconButton
            size="small"
            aria-label={translate('app.platform.banners.previous')}
            onClick={() => go(current - 1)}
            sx={{ bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
          >
            <ChevronLeftIcon fontSize="small" />
          </IconButton>
          {banners.map((item, position) => (
            <Box
              key={item.id}
              component="button"
              type="button"
              aria-label={translate('app.platform.banners.go_to', { number: position + 1 })}
              aria-current={position === current}
              onClick={() => go(position)}
              sx={{
                width: position === current ? 20 : 8,
                height: 8,
                p: 0,
                border: 0,
                borderRadius: 4,
                cursor: 'pointer',
                bgcolor: position === current ? 'primary.main' : 'grey.400',
                transition: 'width .2s',
              }}
            />
          ))}
          <IconButton
            size="small"
            aria-label={translate('app.platform.banners.next')}
            onClick={() => go(current + 1)}
            sx={{ bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
          >
            <ChevronRightIcon fontSize="small" />
          </IconButton>
        </Stack>
      ) : null}
    </Paper>
  );
}
