import { endpoints } from '../../../contract';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../../dataProvider/types';
import type { FormValues } from '../../framework/common/formValues';
import { listOptionsOf, listQueryInput } from '../../framework/common/listQueryInput';

/** The article form's values as the body of save_help_article / update_help_article. */
export function helpArticleBody(data: FormValues) {
  return {
    title: String(data.title ?? '').trim(),
    category: String(data.category ?? '').trim(),
    body_html: String(data.body_html ?? '').trim(),
    status: data.status === 'published' ? ('published' as const) : ('draft' as const),
    position: Number(data.position ?? 0),
  };
}

const LIST_OPTIONS = listOptionsOf(endpoints.listHelpArticles);

/** Help center articles (help_articles_list and its CRUD endpoints); the FAQ page reads faq_articles. */
export const helpArticlesData = {
  getList: {
    endpoint: 'listHelpArticles',
    toInput: (params) => ({
      body: listQueryInput(params, LIST_OPTIONS) as EndpointInput<'listHelpArticles'>['body'],
    }),
  },
  getOne: { endpoint: 'getHelpArticle', toInput: ({ id }) => ({ id: Number(id) }) },
  create: { endpoint: 'createHelpArticle', toInput: ({ data }) => ({ body: helpArticleBody(data) }) },
  update: {
    endpoint: 'updateHelpArticle',
    toInput: ({ id, data }) => ({ id: Number(id), body: helpArticleBody(data) }),
  },
  delete: { endpoint: 'deleteHelpArticle', toInput: ({ id }) => ({ id: Number(id) }) },
} satisfies ResourceDataDeclaration;
