import { useCallback, useRef, useState } from "react";

/**
 * A form's check, without zod in the page's first JavaScript (decision 004).
 *
 * The module with the schema and zod is imported the first time the person
 * focuses or presses inside the form, not when the page loads: the page
 * renders and hydrates without it (the constraint attributes come from the
 * loader). Until it is there, a blur judges nothing and a submit goes to the
 * server, which validates as it does with JavaScript off.
 */
export function useLazyValidation<Validation>(load: () => Promise<Validation>) {
  const [validation, setValidation] = useState<Validation | null>(null);
  const requested = useRef(false);
  const start = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    // A failed download (a chunk of an older build) is the deployment watcher's: it reloads the page.
    void load().then((loaded) => setValidation(() => loaded));
    // `load` is a module import: the same on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { validation, formProps: { onFocus: start, onPointerDown: start } };
}
