import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type faqArticle,
  type helpArticleRecord,
  helpCenter,
} from '../../../contract/endpoints/helpCenter.js';
import type { SortKeyOf } from '../../../contract/listInputs.js';
import { helpArticles } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound, unprocessable } from '../../errors.js';
import { sanitizeRichText } from '../../html/sanitize.js';
import { likePattern, orderFor, pageWindow } from '../common/listing.js';
import { sortColumnsOf } from '../common/listSorts.js';

export type HelpArticleRecord = z.output<typeof helpArticleRecord>;
export type FaqArticle = z.output<typeof faqArticle>;
type Status = 'draft' | 'published';

export type HelpArticleInput = {
  title: string;
  category: string;
  body_html: string;
  status: Status;
  position: number;
};

export type HelpArticleListInput = {
  page: number;
  itemsPerPage: number;
  search?: string;
  status?: Status;
  category?: string;
  sort?: SortKeyOf<typeof helpCenter.listHelpArticles>;
  order?: 'ASC' | 'DESC';
};

const SORT_COLUMNS = sortColumnsOf(helpCenter.listHelpArticles, helpArticles);

type ArticleRow = typeof helpArticles.$inferSelect;

const toRecord = (row: ArticleRow): HelpArticleRecord => ({
  id: row.id,
  title: row.title,
  category: row.category,
  body_html: row.bodyHtml,
  status: row.status,
  position: row.position,
  published_at: row.publishedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Every article (administration): search over title and category, filters, sort, pages. */
export async function listHelpArticles(deps: Deps, input: HelpArticleListInput) {
  const { db } = deps.database;
  const where = and(
    input.search
      ? or(
          ilike(helpArticles.title, likePattern(input.search)),
          ilike(helpArticles.category, likePattern(input.search)),
        )
      : undefined,
    input.status ? eq(helpArticles.status, input.status) : undefined,
    input.category ? eq(helpArticles.category, input.category) : undefined,
  );
  const [totalRow] = await db.select({ total: count() }).from(helpArticles).where(where);
  const { limit, offset } = pageWindow(input);
  const rows = await db
    .select()
    .from(helpArticles)
    .where(where)
    .orderBy(...orderFor(SORT_COLUMNS, helpArticles.id, input.sort, 'id', input.order))
    .limit(limit)
    .offset(offset);
  return { items: rows.map(toRecord), total: Number(totalRow?.total ?? 0) };
}

export async function getHelpArticle(deps: Deps, articleId: number): Promise<HelpArticleRecord> {
  const [row] = await deps.database.db.select().from(helpArticles).where(eq(helpArticles.id, articleId));
  if (!row) throw notFound();
  return toRecord(row);
}

/** Sanitised body; an article whose body was nothing but removed markup is refused. */
function cleanBody(bodyHtml: string): string {
  const body = sanitizeRichText(bodyHtml);
  if (!body) {
    throw unprocessable('Revise los datos del artículo', {
      body_html: 'El contenido quedó vacío después de quitar lo no permitido',
    });
  }
  return body;
}

export async function createHelpArticle(deps: Deps, actor: Actor, input: HelpArticleInput) {
  const now = deps.clock.now();
  const [row] = await deps.database.db
    .insert(helpArticles)
    .values({
      title: input.title,
      category: input.category,
      bodyHtml: cleanBody(input.body_html),
      status: input.status,
      position: input.position,
      publishedAt: input.status === 'published' ? now : null,
      createdBy: actor.impersonatorUserId ?? actor.userId,
    })
    .returning();
  return toRecord(row!);
}

/** Applies the changes sent; publishing stamps the first publication date, a draft has none. */
export async function updateHelpArticle(deps: Deps, articleId: number, input: Partial<HelpArticleInput>) {
  const now = deps.clock.now();
  const publishedAt =
    input.status === 'published'
      ? sql`coalesce(${helpArticles.publishedAt}, ${now})`
      : input.status === 'draft'
        ? null
        : undefined;
  const [row] = await deps.database.db
    .update(helpArticles)
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.category !== undefined ? { category: input.category } : {}),
      ...(input.body_html !== undefined ? { bodyHtml: cleanBody(input.body_html) } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
      ...(publishedAt !== undefined ? { publishedAt } : {}),
      updatedAt: now,
    })
    .where(eq(helpArticles.id, articleId))
    .returning();
  if (!row) throw notFound();
  return toRecord(row);
}

export async function deleteHelpArticle(deps: Deps, articleId: number): Promise<{ id: number }> {
  const [deleted] = await deps.database.db
    .delete(helpArticles)
    .where(eq(helpArticles.id, articleId))
    .returning({ id: helpArticles.id });
  if (!deleted) throw notFound();
  return deleted;
}

// Upper case too: lower() leaves non-ASCII letters alone under the C collation.
const ACCENTED = 'áàäâéèëêíìïîóòöôúùüûñçÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑÇ';
const PLAIN = 'aaaaeeeeiiiioooouuuuncaaaaeeeeiiiioooouuuunc';

/** Lower case without accents, in SQL and in JS alike: "Facturación" and "facturacion" match. */
const foldSql = (expression: SQL) => sql`translate(lower(${expression}), ${ACCENTED}, ${PLAIN})`;
const foldText = (text: string) =>
  [...text.toLowerCase()].map((character) => PLAIN[ACCENTED.indexOf(character)] ?? character).join('');

/**
 * The FAQ page: published articles ordered by category and position, optionally only those whose
 * title or text (markup aside) contains the words searched, without regard to case or accents.
 */
export async function listFaqArticles(deps: Deps, input: { q?: string }) {
  const words = foldText(input.q ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 10);
  const text = foldSql(
    sql`${helpArticles.title} || ' ' || regexp_replace(${helpArticles.bodyHtml}, '<[^>]*>', ' ', 'g')`,
  );
  const rows = await deps.database.db
    .select()
    .from(helpArticles)
    .where(
      and(
        eq(helpArticles.status, 'published'),
        ...words.map((word) => sql`${text} LIKE ${likePattern(word)}`),
      ),
    )
    .orderBy(asc(helpArticles.category), asc(helpArticles.position), asc(helpArticles.id));
  const items: FaqArticle[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    category: row.category,
    body_html: row.bodyHtml,
    position: row.position,
  }));
  return { items, total: items.length };
}
