import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { PublishButton } from '../../framework/common/PublishButton';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/** "Publicar" on a draft article: help articles have no publish endpoint, publishing sets the status. */
export function PublishHelpArticleButton() {
  const translate = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <PublishButton
      endpoint="updateHelpArticle"
      publish={(record) =>
        dataProvider.callEndpoint('updateHelpArticle', {
          id: Number(record.id),
          body: { status: 'published' },
        })
      }
      title={(record) => translate('app.platform.help.publish_title', { name: record.title })}
      content={translate('app.platform.help.publish_content')}
      successMessage={translate('app.platform.help.published_toast')}
    />
  );
}
