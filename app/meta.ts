import type { MetaFunction } from "@remix-run/react";
import { describeError, errorTitleKey } from "~/components/errors/error-model";
import { pageTitle } from "~/i18n";
import titles from "~/locales/ja/titles.json";

type TitleKey = keyof typeof titles;

/**
 * A route's `meta`: its page name through the title template, or the error
 * screen's name when the route failed.
 */
export function titleMeta(titleKey: TitleKey): MetaFunction {
  return ({ error }) => {
    const key = error == null ? titleKey : errorTitleKey(describeError(error));
    return [{ title: pageTitle(titles[key]) }];
  };
}
