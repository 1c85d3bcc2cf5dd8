import { describe, expect, it } from "vitest";
import { keepPendingSubmission, takePendingSubmission } from "~/services/pending-submission.server";

const post = (form: FormData) => new Request("http://localhost/customers/create?from=list", { method: "POST", body: form });
const withCookie = (setCookie: string, path = "/customers/create?from=list") =>
  new Request(`http://localhost${path}`, { headers: { Cookie: setCookie.split(";")[0]! } });

describe("input kept across an expired sign-in", () => {
  it("keeps text fields (repeated ones as a list) but not files, and gives them back once on the same page", async () => {
    const form = new FormData();
    form.append("name", "株式会社テスト");
    form.append("tags", "a");
    form.append("tags", "b");
    form.append("logo", new Blob(["x"]), "logo.png");
    const setCookie = await keepPendingSubmission(post(form), "/customers/create?from=list");
    expect(setCookie).toContain("chohyo_pending=");

    const taken = await takePendingSubmission(withCookie(setCookie!));
    expect(taken.fields).toEqual({ name: "株式会社テスト", tags: ["a", "b"] });
    expect(taken.setCookie).toContain("Max-Age=0");
    expect((await takePendingSubmission(withCookie(setCookie!, "/items/list"))).fields).toBeNull();
  });

  it("keeps nothing too large for a cookie", async () => {
    const form = new FormData();
    form.append("notes", "あ".repeat(1000));
    expect(await keepPendingSubmission(post(form), "/customers/create")).toBeNull();
  });

  it("ignores a forged cookie", async () => {
    const taken = await takePendingSubmission(withCookie('chohyo_pending=eyJwYXRoIjoiL2N1c3RvbWVycy9jcmVhdGU_ZnJvbT1saXN0In0.forged'));
    expect(taken.fields).toBeNull();
  });
});
