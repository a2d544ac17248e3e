/** An article of the FAQ page, as faq_articles answers it. */
export type FaqArticle = { id: number; title: string; category: string; body_html: string; position: number };

export type FaqGroup = { category: string; articles: FaqArticle[] };

/** Articles grouped by category, categories in the order they first appear (the server sorts them). */
export function groupByCategory(articles: readonly FaqArticle[]): FaqGroup[] {
  const groups = new Map<string, FaqArticle[]>();
  for (const article of articles) {
    const group = groups.get(article.category);
    if (group) group.push(article);
    else groups.set(article.category, [article]);
  }
  return [...groups].map(([category, items]) => ({
    category,
    articles: [...items].sort((a, b) => a.position - b.position),
  }));
}
