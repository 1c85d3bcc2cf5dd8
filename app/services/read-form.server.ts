/**
 * The posted form; a body that is not one (empty, another content type, cut
 * off) reads as an empty form, so the page answers with its own messages
 * beside the fields instead of the 500 page.
 */
export function readFormData(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData());
}
