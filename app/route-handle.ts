/** What a route module's `handle` says here (Remix types it `unknown`). */
export type RouteHandle = {
  /** The i18next namespaces the route's texts come from (remix-i18next). */
  i18n?: string[];
  /** The screen name the route's Payment API calls carry. */
  screenName?: string;
  /**
   * `false`: the page is served without scripts, as a page that only reads loses nothing by it (ADR 020). Every page
   * hydrates unless its route says so, so a page forgotten here is only heavier, never without its live checks.
   */
  hydrate?: false;
};

/** Whether a page hydrates: unless the deepest matched route's handle says `hydrate: false`. */
export function pageHydrates(matches: ReadonlyArray<{ handle: unknown }>): boolean {
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  return handle?.hydrate !== false;
}
