import type { MetaFunction } from "@remix-run/react";
import { describeError, errorTitleKey } from "~/components/errors/error-model";
import { pageTitle, resources } from "~/i18n";

type TitleKey = keyof (typeof resources)["ja"]["common"]["titles"];

/**
 * A route's `meta`: its page name through the title template, or the error
 * screen's name when the route failed.
 */
export function titleMeta(titleKey: TitleKey): MetaFunction {
  return ({ error }) => {
    const titles = resources.ja.common.titles;
    const key = error == null ? titleKey : errorTitleKey(describeError(error));
    return [{ title: pageTitle(titles[key]) }];
  };
}
