import type { MetaFunction } from "@remix-run/react";
import { describeError, errorTitleKey } from "~/components/errors/error-model";
import { pageTitle } from "~/i18n";
import { error as errorTitle, forbidden, maintenance, notFound, unauthorized } from "~/locales/ja/titles.json";

const errorTitles = { error: errorTitle, forbidden, maintenance, notFound, unauthorized };

/**
 * A route's `meta`: its page name through the title template, or the error
 * screen's name when the route failed. A route imports its title by name from
 * its group's file (titles, titlesDocuments, titlesAccounts): esbuild drops
 * the keys no page uses, and a page loads only its own group's file.
 */
export function titleMeta(title: string): MetaFunction {
  return ({ error }) => [{ title: pageTitle(error == null ? title : errorTitles[errorTitleKey(describeError(error))]) }];
}
