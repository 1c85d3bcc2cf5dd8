import { lazy, Suspense, useState, type ComponentType } from "react";
import { useNavigation, type ClientLoaderFunctionArgs } from "@remix-run/react";

/** The interactions that count as using a form: they bring its script. */
const USE_EVENTS = ["focusin", "pointerdown", "input", "change"] as const;

/** Resolves at the first focus, press or input inside the element `selector` names, or at once when it is not on the page. */
function firstUseOf(selector: string): Promise<void> {
  const element = document.querySelector(selector);
  if (!element || element.contains(document.activeElement)) return Promise.resolve();
  return new Promise((resolve) => {
    const onUse = (event: Event) => {
      if (!(event.target instanceof Node) || !element.contains(event.target)) return;
      for (const type of USE_EVENTS) document.removeEventListener(type, onUse, true);
      resolve();
    };
    for (const type of USE_EVENTS) document.addEventListener(type, onUse, true);
  });
}

/**
 * A form whose script comes on first use (decision 020).
 *
 * The server renders it whole (`server` is the component itself there, from a
 * `.server` module, so the browser's chunks do not carry it). In the browser
 * its markup stays as the server sent it — a plain HTML form that works as it
 * does without JavaScript, errors beside the fields included — until the
 * person focuses, presses or types in it (`selector` names it): then its
 * chunk is fetched and React hydrates it in place, so what was typed and the
 * focus stay. Any navigation or submission of the page fetches it too, since
 * React can update the page only once the form is hydrated. After a
 * client-side navigation there is no server markup: the route's `clientLoader`
 * fetches it beside the server loader's data, and the form renders at once.
 */
export function formOnUse<Props extends object>(selector: string, load: () => Promise<ComponentType<Props>>, server: ComponentType<Props> | undefined) {
  let loaded: ComponentType<Props> | undefined = server;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Lazy = lazy(() =>
    firstUseOf(selector)
      .then(preload)
      .then((Form) => ({ default: ({ props }: { props: Props }) => <Form {...props} /> })),
  );

  function FormOnUse(props: Props) {
    // Chosen once per mount: switching from the lazy stand-in to the loaded component would remount the form.
    const [{ Form }] = useState(() => ({ Form: loaded }));
    // Fetched during render: an update of the page waits for the form to hydrate, and this render may not commit until it has.
    if (useNavigation().state !== "idle") void preload();
    return (
      <Suspense>{Form ? <Form {...props} /> : <Lazy props={props} />}</Suspense>
    );
  }

  const clientLoader = async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const [data] = await Promise.all([serverLoader(), preload()]);
    return data;
  };

  return { FormOnUse, clientLoader };
}
