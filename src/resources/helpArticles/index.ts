import HelpCenterOutlinedIcon from '@mui/icons-material/HelpCenterOutlined';
import type { ResourceDeclaration } from '../types';
import { helpArticlesData } from './helpArticlesData';

/**
 * Help center articles (help_articles_list and its CRUD). Screens: admin.help_center
 * (/help_center, HelpArticleListPage) and the public FAQ page faq.asked-questions (FaqPage, over
 * the public faq_articles).
 */
export const helpArticles = {
  name: 'help_articles',
  icon: HelpCenterOutlinedIcon,
  recordRepresentation: 'title',
  data: helpArticlesData,
} satisfies ResourceDeclaration;

export { FaqPage } from './FaqPage';
export { HelpArticleListPage } from './HelpArticleListPage';
