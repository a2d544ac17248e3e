import HelpCenterOutlinedIcon from '@mui/icons-material/HelpCenterOutlined';
import { createElement } from 'react';
import { HtmlTextInput } from '../../framework/common/HtmlTextInput';
import { defineResource } from '../../framework/defineResource';
import { HelpArticleDetails } from './HelpArticleDetails';
import { helpArticlesData } from './helpArticlesData';
import { PublishHelpArticleButton } from './PublishHelpArticleButton';

const publication = {
  values: ['draft', 'published'],
  labels: 'app.platform.common',
  colors: { published: 'success' },
} as const;

/**
 * Help center articles (SPEC §2.1 admin.help_center, /help_center) and the public FAQ page
 * faq.asked-questions (FaqPage, over the public faq_articles).
 */
export const helpArticles = defineResource({
  name: 'help_articles',
  icon: HelpCenterOutlinedIcon,
  recordRepresentation: 'title',
  data: helpArticlesData,
  screens: {
    route: { name: 'admin.help_center', path: '/help_center' },
    title: 'app.platform.help.title',
    subtitle: 'app.platform.help.subtitle',
    dialogTitles: {
      create: 'app.platform.help.create',
      edit: 'app.platform.help.edit',
      show: 'app.platform.help.show',
    },
    dialogWidth: 'md',
    search: 'app.platform.common.search',
    sort: { field: 'category', order: 'ASC' },
    fields: {
      title: { column: true, form: true },
      category: { column: true, filter: true, form: true },
      position: { column: true, form: true },
      status: { choices: publication, column: { sortable: false }, filter: true, form: true },
      published_at: { kind: 'dateTime', column: true },
      body_html: {
        form: true,
        input: createElement(HtmlTextInput, { source: 'body_html', rows: 10, isRequired: true }),
      },
    },
    phone: { primary: 'title', secondary: ['category', 'status'] },
    actions: ['show', 'update', 'delete'],
    createDefaults: { category: 'General', position: 0, status: 'draft' },
    overrides: {
      details: createElement(HelpArticleDetails),
      rowActionsExtra: createElement(PublishHelpArticleButton),
    },
  },
});
