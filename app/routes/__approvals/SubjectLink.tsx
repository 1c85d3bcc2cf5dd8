import { Link } from "@remix-run/react";

/** What a request is about, linked where it can be opened (a deleted draft cannot). */
export function SubjectLink({ name, href }: { name: string; href: string | null }) {
  return href ? (
    <Link to={href} prefetch="none">
      {name}
    </Link>
  ) : (
    <>{name}</>
  );
}
