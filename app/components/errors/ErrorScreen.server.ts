/** The error screen for the server's render, which must not wait for a chunk (RouteErrorBoundary); empty in the browser's build. */
export { ErrorScreen as ServerErrorScreen } from "./ErrorScreen";
