import { Box, Typography } from '@mui/material';
import { Title, useGetIdentity } from 'react-admin';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { HomeBanners } from '../resources/banners/HomeBanners';
import { MyNotifications } from '../resources/notifications/MyNotifications';

/** SPEC §2.1 `home` (/home): greets the logged-in user. */
export function HomePage() {
  const translate = useAppTranslate();
  const { identity } = useGetIdentity();
  const title = translate('app.home.title');
  useDocumentTitle(title);

  return (
    <Box component="section" aria-labelledby="home-title" sx={{ py: 3 }}>
      <Title title={title} />
      <Typography id="home-title" component="h1" variant="h4" gutterBottom>
        {title}
      </Typography>
      {identity?.fullName && (
        <Typography variant="h6" component="p">
          {translate('app.home.greeting', { name: identity.fullName })}
        </Typography>
      )}
      {/* Active banners of the user's audience, then "Mis notificaciones" (issue 4). */}
      <Box sx={{ mt: 3 }}>
        <HomeBanners />
        <MyNotifications />
      </Box>
    </Box>
  );
}
