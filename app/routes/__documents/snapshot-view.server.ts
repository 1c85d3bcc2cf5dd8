import { DocumentSnapshotView } from "./DocumentSnapshotView";

/**
 * The snapshot view for the server's render of the detail page (DocumentSheet). Remix's browser build replaces every
 * *.server module with an empty one, so in the browser this is undefined and the view's code stays out of the page's chunks.
 */
export const serverSnapshotView: typeof DocumentSnapshotView | undefined = DocumentSnapshotView;
