import { useTexts } from "~/components/texts";
import listTexts from "~/locales/ja/listIgnored.json";

/**
 * What a list left out of its address because it could not read it (issue 33): the same words on every list, naming
 * each condition as the page's form does (the loader's `ignored`, from readableFilters). Nothing when all was read.
 */
export function IgnoredFilters({ names }: { names: readonly string[] }) {
  const { t } = useTexts({ list: listTexts });
  if (names.length === 0) return null;
  return (
    <p className="card form-errors" role="alert" data-testid="ignored-filters">
      {t("list.ignoredFilters", { names: names.join("、") })}
    </p>
  );
}
