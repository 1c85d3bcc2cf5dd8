import type { LinksFunction } from "@remix-run/node";
import editorStyles from "./document-editor.css";

/** The editor's own stylesheet, for the create and edit pages of every kind. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: editorStyles }];
