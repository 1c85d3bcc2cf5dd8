/**
 * A Content-Disposition for a download with a Japanese name: the ASCII name
 * for clients that cannot read filename* (RFC 6266), the UTF-8 one for the rest.
 */
export function attachmentDisposition(asciiName: string, name: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
