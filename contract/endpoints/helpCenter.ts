import { z } from 'zod';
import { endpoint } from '../define.js';
import { id, itemsPerPage, nonEmpty, page, paginated } from '../schemas.js';

const area = 'Help center';

export const helpArticleStatus = z.enum(['draft', 'published']);

export const helpArticleRecord = z.object({
  id: z.number(),
  title: z.string(),
  category: z.string(),
  /** Sanitised HTML. */
  body_html: z.string(),
  status: helpArticleStatus,
  /** Order within its category on the FAQ page. */
  position: z.number(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const faqArticle = z.object({
  id: z.number(),
  title: z.string(),
  category: z.string(),
  body_html: z.string(),
  position: z.number(),
});

const articleFields = z.object({
  title: nonEmpty(200),
  category: nonEmpty(80),
  /** Rich text; sanitised on save (no scripts, event handlers, iframes or javascript: links). */
  body_html: z.string().trim().min(1).max(100_000),
  status: helpArticleStatus,
  position: z.number().int().min(0).max(100_000),
});

const example = {
  title: '¿Cómo firmo un documento?',
  category: 'Firmas',
  body_html: '<p>Abra el enlace que recibió por correo.</p>',
};

export const helpCenter = {
  listHelpArticles: endpoint({
    method: 'POST',
    path: 'help_articles_list',
    summary: 'Artículos del centro de ayuda, con búsqueda, filtros, orden y paginación.',
    area,
    scope: 'global',
    permissions: ['help_center.list'],
    body: z.object({
      page: page.default(1),
      itemsPerPage: itemsPerPage.default(15),
      search: z.string().trim().max(200).optional(),
      status: helpArticleStatus.optional(),
      category: z.string().trim().max(80).optional(),
      sort: z.enum(['id', 'title', 'category', 'position', 'published_at', 'created_at']).optional(),
      order: z.enum(['ASC', 'DESC']).optional(),
    }),
    reply: paginated(helpArticleRecord),
    example: { body: {} },
    skipAudit: true,
  }),
  getHelpArticle: endpoint({
    method: 'GET',
    path: 'get_help_article/{id}',
    summary: 'Un artículo del centro de ayuda (administración).',
    area,
    scope: 'global',
    permissions: ['help_center.list'],
    params: z.object({ id }),
    reply: helpArticleRecord,
  }),
  createHelpArticle: endpoint({
    method: 'POST',
    path: 'save_help_article',
    summary: 'Crea un artículo de ayuda (texto enriquecido, depurado al guardar).',
    area,
    scope: 'global',
    permissions: ['help_center.list'],
    body: articleFields.extend({
      category: nonEmpty(80).default('General'),
      status: helpArticleStatus.default('draft'),
      position: articleFields.shape.position.default(0),
    }),
    reply: helpArticleRecord,
    example: { body: example },
  }),
  updateHelpArticle: endpoint({
    method: 'PUT',
    path: 'update_help_article/{id}',
    summary: 'Modifica un artículo de ayuda.',
    area,
    scope: 'global',
    permissions: ['help_center.list'],
    params: z.object({ id }),
    body: articleFields.partial(),
    reply: helpArticleRecord,
    example: { params: { id: 1 }, body: { title: '¿Cómo firmo un documento?' } },
  }),
  deleteHelpArticle: endpoint({
    method: 'DELETE',
    path: 'delete_help_article/{id}',
    summary: 'Elimina un artículo de ayuda.',
    area,
    scope: 'global',
    permissions: ['help_center.list'],
    params: z.object({ id }),
    reply: z.object({ id: z.number() }),
  }),
  listFaqArticles: endpoint({
    method: 'GET',
    path: 'faq_articles',
    summary:
      'Preguntas frecuentes: artículos publicados, por categoría y posición, con búsqueda opcional en título y texto. Público.',
    area,
    scope: 'public',
    permissions: [],
    query: z.object({ q: z.string().trim().max(200).optional() }),
    reply: paginated(faqArticle),
    rateLimit: { bucket: 'faq-ip', max: 120, windowSeconds: 60 },
  }),
} as const;
