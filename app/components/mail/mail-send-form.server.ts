/** The mail form for the server's render: the browser fetches it on first use (DocumentDetailPage). */
export { MailSendForm } from "./MailSendForm";
