import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import documentsDetailTexts from "~/locales/ja/documentsDetail.json";
import { useHydrated } from "~/components/hydrated";
import type { ConfirmedAction } from "./lifecycle-facts";

type Words = { title: string; body: string; button: string };

/** The form that carries out a confirmed action, with the safe choice first and focused. */
function ConfirmForm({ action, words, cancel, extra }: { action: ConfirmedAction; words: Words; cancel: ReactNode; extra?: ReactNode }) {
  return (
    <Form method="post" className="confirm">
      <input type="hidden" name="intent" value={action} />
      <input type="hidden" name="confirmed" value="yes" />
      <p>{words.body}</p>
      {extra}
      <p className="confirm__buttons">
        {cancel}{" "}
        <button type="submit" className="button button--danger">
          {words.button}
        </button>
      </p>
    </Form>
  );
}

/**
 * A destructive action that asks first. Without JavaScript the button is a
 * link to the detail page's confirmation (`?confirm=`); with it, the same
 * words open in a dialog. Either way the action posts `confirmed=yes`.
 */
export function ConfirmAction({ action, label, words, extra }: { action: ConfirmedAction; label: string; words: Words; extra?: ReactNode }) {
  const { t } = useTexts({ documents: documentsDetailTexts });
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  // The dialog's words are rendered only while it is open, so the page reads once.
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open) dialog.current?.showModal();
  }, [open]);
  const titleId = `confirm-${action}-title`;
  return (
    <>
      <Link
        to={`?confirm=${action}`}
        className="button button--danger-outline"
        prefetch="none"
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {label}
      </Link>
      {open ? (
        <dialog ref={dialog} className="confirm-dialog" aria-labelledby={titleId} onClose={() => setOpen(false)}>
          <h2 id={titleId}>{words.title}</h2>
          <ConfirmForm
            action={action}
            words={words}
            extra={extra}
            cancel={
              // The safe choice is the default: it has the focus when the dialog opens.
              <button type="button" className="button button--secondary" autoFocus onClick={() => dialog.current?.close()}>
                {t("documents.confirm.cancel")}
              </button>
            }
          />
        </dialog>
      ) : null}
    </>
  );
}

/** The confirmation as a page of its own, for the same action without JavaScript. */
export function ConfirmPage({ action, words, backTo, extra }: { action: ConfirmedAction; words: Words; backTo: string; extra?: ReactNode }) {
  const { t } = useTexts({ documents: documentsDetailTexts });
  return (
    <section className="card confirm-page" aria-labelledby="confirm-title">
      <h1 id="confirm-title">{words.title}</h1>
      <ConfirmForm
        action={action}
        words={words}
        extra={extra}
        cancel={
          <Link to={backTo} className="button button--secondary" prefetch="none">
            {t("documents.confirm.cancel")}
          </Link>
        }
      />
    </section>
  );
}
