import { useTexts } from "~/components/texts";
import type { ReceivedFormProps } from "./ReceivedForm";
import { ReceivedForm } from "./ReceivedForm";
import receivedFormTexts from "~/locales/ja/receivedForm.json";

type Loaded = Omit<ReceivedFormProps, "uploads" | "proposed" | "notice" | "fileNotices" | "errors" | "formError">;
type Submitted = Pick<ReceivedFormProps, "values" | "uploads" | "proposed" | "notice" | "fileNotices" | "errors" | "formError"> | undefined;

/**
 * The create and edit pages: the loader's form, or what the last post gave
 * back (what was typed, the files now attached, proposals, messages). The
 * form is keyed by that answer so its fields show it, JavaScript on or off.
 */
export function ReceivedFormPage({ title, loaded, submitted }: { title: string; loaded: Loaded; submitted: Submitted }) {
  const { t } = useTexts({ received: receivedFormTexts });
  const state = submitted ?? { values: loaded.values, uploads: [], proposed: [], notice: null, fileNotices: [], errors: {}, formError: null };
  return (
    <>
      <h1>{title}</h1>
      {loaded.document?.deleted ? (
        <p className="card form-errors" role="alert">
          {t("received.form.deletedEdit")}
        </p>
      ) : (
        <ReceivedForm key={JSON.stringify(state)} {...loaded} {...state} />
      )}
    </>
  );
}
