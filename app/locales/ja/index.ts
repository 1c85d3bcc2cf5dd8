import accounts from "./accounts.json";
import accountUsers from "./accountUsers.json";
import admin from "./admin.json";
import adminBanks from "./adminBanks.json";
import adminCompanies from "./adminCompanies.json";
import approvals from "./approvals.json";
import approvalSettings from "./approvalSettings.json";
import company from "./company.json";
import confirm from "./confirm.json";
import csv from "./csv.json";
import csvEncoding from "./csvEncoding.json";
import csvLink from "./csvLink.json";
import customer from "./customer.json";
import dev from "./dev.json";
import documentSettings from "./documentSettings.json";
import documents from "./documents.json";
import documentsDetail from "./documentsDetail.json";
import documentsDetailFacts from "./documentsDetailFacts.json";
import documentsForm from "./documentsForm.json";
import documentsFormHead from "./documentsFormHead.json";
import documentsList from "./documentsList.json";
import documentsNotices from "./documentsNotices.json";
import documentsShared from "./documentsShared.json";
import errors from "./errors.json";
import item from "./item.json";
import itemServer from "./itemServer.json";
import layout from "./layout.json";
import layoutServiceEnd from "./layoutServiceEnd.json";
import list from "./list.json";
import listIgnored from "./listIgnored.json";
import mail from "./mail.json";
import mailFields from "./mailFields.json";
import mailSend from "./mailSend.json";
import nav from "./nav.json";
import notice from "./notice.json";
import officeRules from "./officeRules.json";
import payments from "./payments.json";
import paymentsFacts from "./paymentsFacts.json";
import paymentsStatements from "./paymentsStatements.json";
import recurring from "./recurring.json";
import print from "./print.json";
import received from "./received.json";
import receivedDetail from "./receivedDetail.json";
import receivedForm from "./receivedForm.json";
import reports from "./reports.json";
import reminders from "./reminders.json";
import closing from "./closing.json";
import product from "./product.json";
import signIn from "./signIn.json";
import snapshot from "./snapshot.json";
import snapshotLinks from "./snapshotLinks.json";
import support from "./support.json";
import terms from "./terms.json";
import titles from "./titles.json";
import titlesAccounts from "./titlesAccounts.json";
import titlesDocuments from "./titlesDocuments.json";
import titlesMasters from "./titlesMasters.json";
import titlesPages from "./titlesPages.json";
import top from "./top.json";
import viewPdf from "./viewPdf.json";

/**
 * Every interface text of the `common` namespace, for the server's i18next
 * (and tests). One file per top-level section: a component that renders in
 * the browser imports only the sections it uses (see app/components/texts.tsx),
 * so a page's JavaScript carries its own texts and not the whole dictionary.
 */
export const common = {
  accounts,
  product,
  // Page titles in five files, so a page's chunks carry its own group's titles and not every page's:
  // titles has those of the root and the error screens, which every page loads; titlesMasters the customer and item pages'.
  titles: { ...titles, ...titlesPages, ...titlesDocuments, ...titlesAccounts, ...titlesMasters },
  // The send form's texts and the snapshot's two links are files of their own: the detail page shows them.
  // mailFields names a mail's fields for the send history and for the detail's loader, which writes them for its form.
  snapshot: { ...snapshot, ...snapshotLinks },
  mail: { ...mail, ...mailSend, ...mailFields },
  viewPdf,
  print,
  nav,
  admin,
  adminBanks,
  adminCompanies,
  // The approval pages' and the detail's texts apart from the owner's settings and audit, which only those pages load.
  approvals: { ...approvals, ...approvalSettings },
  accountUsers,
  // The service-end banner's words are written by the layout's loader: every page's JavaScript would carry them.
  layout: { ...layout, ...layoutServiceEnd },
  notice,
  errors,
  top,
  dev,
  signIn,
  company,
  confirm,
  customer,
  // What a list left out of its address, apart: the item list, which hydrates, shows no such notice.
  list: { ...list, ...listIgnored },
  // The item list's notices and its delete question are written on the server (the loader words the question), so the page does not carry them.
  item: { ...item, ...itemServer },
  // The export's encoding choice sits on the document lists and the link to a CSV page on the master lists,
  // which need none of the other CSV texts.
  csv: { ...csv, ...csvEncoding, ...csvLink },
  officeRules,
  // The invoice page's payment texts apart from the statement pages', so the invoice page loads only its own;
  // paymentsFacts are what its loader writes (a payment's source and cancellation, an overpayment, the links that apply).
  payments: { ...payments, ...paymentsFacts, ...paymentsStatements },
  recurring,
  // The list's, the form's (which the detail shows too) and the detail's, so each page loads its own.
  received: { ...received, ...receivedForm, ...receivedDetail },
  reports,
  reminders,
  closing,
  documentSettings,
  terms,
  support,
  // One file per page that shows them, so a page loads its own: the list's, the detail's, the form's;
  // documents has what the detail (through its loader) and the form both show, documentsShared what the list shows too, and
  // documentsNotices the server's notices and documentsDetailFacts what the detail's loader writes, which no page's JavaScript needs.
  // documentsFormHead is the form pages' heading and notices, which their loader writes.
  documents: {
    ...documents,
    ...documentsDetail,
    ...documentsDetailFacts,
    ...documentsForm,
    ...documentsFormHead,
    correction: { ...documentsForm.correction, ...documentsFormHead.correction },
    ...documentsList,
    ...documentsShared,
    ...documentsNotices,
  },
};
