/** The preview for the server's render, which must not wait for a chunk (DocumentPreviewPane); empty in the browser's build. */
export { DocumentPreview as ServerDocumentPreview } from "./DocumentPreview";
