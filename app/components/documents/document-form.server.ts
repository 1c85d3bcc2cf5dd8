/** The document form for the server's render: the browser fetches it on first use (DocumentFormPage). */
export { DocumentForm } from "./DocumentForm";
