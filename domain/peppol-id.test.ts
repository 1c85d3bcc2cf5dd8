import { describe, expect, it } from "vitest";
import { customerInputSchema } from "./customer";
import { PEPPOL_ID_MESSAGES, parsePeppolId, storedPeppolId } from "./peppol-id";

describe("parsePeppolId", () => {
  it.each([
    ["scheme and 法人番号", "0188:7000012050002", "0188", "7000012050002"],
    ["a bare 法人番号 is scheme 0188", "7000012050002", "0188", "7000012050002"],
    ["a bare 登録番号 is scheme 0221", "T7000012050002", "0221", "T7000012050002"],
    ["scheme and 登録番号, lower-case t", "0221:t7000012050002", "0221", "T7000012050002"],
    ["full width, full-width colon and hyphens", "０１８８：７０００－０１２０５－０００２", "0188", "7000012050002"],
  ])("accepts %s", (_case, input, scheme, identifier) => {
    expect(parsePeppolId(input)).toEqual({ id: { scheme, identifier }, problem: null });
  });

  it.each([
    ["an unknown scheme", "0088:7000012050002", "scheme"],
    ["text that is no number", "abc", "scheme"],
    ["0188 with a 登録番号", "0188:T7000012050002", "corporateNumber"],
    ["0188 with 12 digits", "0188:700001205000", "corporateNumber"],
    ["0221 with 12 digits", "0221:T700001205000", "registrationNumber"],
    ["a wrong check digit (0188)", "0188:1234567890123", "checkDigit"],
    ["a wrong check digit (0221)", "0221:T1234567890123", "checkDigit"],
  ])("refuses %s", (_case, input, problem) => {
    expect(parsePeppolId(input)).toEqual({ id: null, problem });
  });

  it("reads a stored ID back into scheme and identifier", () => {
    expect(storedPeppolId("0221:T7000012050002")).toEqual({ scheme: "0221", identifier: "T7000012050002" });
    expect(storedPeppolId(null)).toBeNull();
  });
});

describe("the customer's Peppol ID field", () => {
  const parse = (peppol_id: string) => customerInputSchema.safeParse({ name: "株式会社テスト", peppol_id });

  it("is stored as scheme:identifier, empty as null", () => {
    expect(parse("T7000012050002").data?.peppol_id).toBe("0221:T7000012050002");
    expect(parse("").data?.peppol_id).toBeNull();
  });

  it("names what is wrong in Japanese", () => {
    expect(parse("0188:1234567890123").error?.issues.map((issue) => issue.message)).toEqual([PEPPOL_ID_MESSAGES.checkDigit]);
  });
});
