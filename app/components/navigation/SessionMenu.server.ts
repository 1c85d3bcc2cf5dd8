/** The session's menu for the server's render, which must not wait for a chunk (DefaultShell); empty in the browser's build. */
export { SessionMenu as ServerSessionMenu } from "./SessionMenu";
