import { Form, Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import listTexts from "~/locales/ja/list.json";
import { listUrl, type ListQuery } from "./list-query";

/** Where a list's sort and paging links go: each list builds its own URLs from its own filters. */
export type ListLinks<Sort extends string> = {
  sort: Sort;
  order: "asc" | "desc";
  page: number;
  sortHref: (sort: Sort, order: "asc" | "desc") => string;
  pageHref: (page: number) => string;
};

/** The links of a list whose whole state is a ListQuery under one path. */
export function listQueryLinks<Sort extends string>(path: string, query: ListQuery<Sort>): ListLinks<Sort> {
  return {
    sort: query.sort,
    order: query.order,
    page: query.page,
    sortHref: (sort, order) => listUrl(path, query, { sort, order }),
    pageHref: (page) => listUrl(path, query, { page }),
  };
}

/** A column heading that sorts by it, the other way round when it already does. */
export function SortHeading<Sort extends string>({ links, sort, label }: { links: ListLinks<Sort>; sort: Sort; label: string }) {
  const active = links.sort === sort;
  const order = active && links.order === "asc" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={active ? (links.order === "asc" ? "ascending" : "descending") : undefined}>
      <Link to={links.sortHref(sort, order)} prefetch="none">
        {label}
        {active ? (links.order === "asc" ? " ▲" : " ▼") : ""}
      </Link>
    </th>
  );
}

/** The search box: a GET form, so the result is a URL that can be bookmarked and works without JavaScript. */
export function ListSearch({ id, label, query }: { id: string; label: string; query: ListQuery<string> }) {
  const { t } = useTexts({ list: listTexts });
  return (
    <Form method="get" className="card search-form" role="search">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" name="q" defaultValue={query.q} key={query.q} />
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="order" value={query.order} />
      <button type="submit" className="button">
        {t("list.search")}
      </button>
    </Form>
  );
}

/** "n件中 a〜b件" and the previous and next links. */
export function ListPaging<Sort extends string>({
  links,
  total,
  perPage,
  placement,
}: {
  links: ListLinks<Sort>;
  total: number;
  perPage: number;
  placement: "count" | "links";
}) {
  const { t } = useTexts({ list: listTexts });
  const from = total === 0 ? 0 : (links.page - 1) * perPage + 1;
  const to = Math.min(total, links.page * perPage);
  const count = t("list.count", { total, from, to });
  if (placement === "count") return <span>{count}</span>;
  return (
    <nav className="pagination" aria-label={count}>
      {links.page > 1 ? (
        <Link to={links.pageHref(links.page - 1)} prefetch="none">
          {t("list.previous")}
        </Link>
      ) : null}{" "}
      {to < total ? (
        <Link to={links.pageHref(links.page + 1)} prefetch="none">
          {t("list.next")}
        </Link>
      ) : null}
    </nav>
  );
}
