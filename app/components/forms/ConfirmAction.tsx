import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import confirmTexts from "~/locales/ja/confirm.json";

type Words = { title: string; body: string; button: string };

/** Destructive actions (void, delete, disable) in the danger colour; others (enable, make owner) as ordinary buttons. */
type Tone = "danger" | "normal";

/** The form that carries out a confirmed action, with the safe choice first and focused. */
function ConfirmForm({ action, words, cancel, extra, tone }: { action: string; words: Words; cancel: ReactNode; extra?: ReactNode; tone: Tone }) {
  return (
    <Form method="post" className="confirm">
      <input type="hidden" name="intent" value={action} />
      <input type="hidden" name="confirmed" value="yes" />
      <p>{words.body}</p>
      {extra}
      <p className="confirm__buttons">
        {cancel}{" "}
        <button type="submit" className={tone === "danger" ? "button button--danger" : "button"}>
          {words.button}
        </button>
      </p>
    </Form>
  );
}

/**
 * An action that asks first. Without JavaScript the button is a link to the
 * page's confirmation (`?confirm=`); with it, the same words open in a
 * dialog. Either way the action posts `intent` and `confirmed=yes`, with
 * `extra` (a version, a reason) inside the same form.
 */
export function ConfirmAction({
  action,
  label,
  words,
  extra,
  tone = "danger",
  query,
}: {
  action: string;
  label: string;
  words: Words;
  extra?: ReactNode;
  tone?: Tone;
  /** What else the confirmation page needs to know, e.g. `payment=12` when a page lists several of the thing. */
  query?: string;
}) {
  const { t } = useTexts({ confirm: confirmTexts });
  const dialog = useRef<HTMLDialogElement>(null);
  // The dialog's words are rendered only while it is open, so the page reads once.
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open) dialog.current?.showModal();
  }, [open]);
  const titleId = useId();
  return (
    <>
      <Link
        to={`?confirm=${action}${query ? `&${query}` : ""}`}
        className={tone === "danger" ? "button button--danger-outline" : "button button--secondary"}
        prefetch="none"
        // React calls this only once it runs in the browser; before that the link opens the page's confirmation.
        onClick={(event) => {
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
            tone={tone}
            cancel={
              // The safe choice is the default: it has the focus when the dialog opens.
              <button type="button" className="button button--secondary" autoFocus onClick={() => dialog.current?.close()}>
                {t("confirm.cancel")}
              </button>
            }
          />
        </dialog>
      ) : null}
    </>
  );
}

/** The confirmation as a page of its own, for the same action without JavaScript. */
export function ConfirmPage({ action, words, backTo, extra, tone = "danger" }: { action: string; words: Words; backTo: string; extra?: ReactNode; tone?: Tone }) {
  const { t } = useTexts({ confirm: confirmTexts });
  return (
    <section className="card confirm-page" aria-labelledby="confirm-title">
      <h1 id="confirm-title">{words.title}</h1>
      <ConfirmForm
        action={action}
        words={words}
        extra={extra}
        tone={tone}
        cancel={
          <Link to={backTo} className="button button--secondary" prefetch="none">
            {t("confirm.cancel")}
          </Link>
        }
      />
    </section>
  );
}
