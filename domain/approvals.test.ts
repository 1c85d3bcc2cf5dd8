import { describe, expect, it } from "vitest";
import { approvalRuleInputSchema, ruleFromInput } from "./approval-input";
import { approvalRefusalOf, namedApprovers, ruleApplies, unapprovedRefusal, type Approver, type FrozenRule } from "./approvals";

const amounts = { taxIncluded: "330000.0000", taxExcluded: "300000.0000" };

describe("which documents a rule applies to", () => {
  it.each<[string, number, "tax_included" | "tax_excluded", boolean]>([
    ["税込 at the threshold", 330000, "tax_included", true],
    ["税込 one yen above the amount", 330001, "tax_included", false],
    ["税抜 at the threshold", 300000, "tax_excluded", true],
    ["税抜 reads the amount before tax", 300001, "tax_excluded", false],
    ["threshold 0 is every document", 0, "tax_excluded", true],
  ])("%s", (_case, threshold, amountBasis, applies) => {
    expect(ruleApplies({ threshold, amountBasis }, amounts)).toBe(applies);
  });

  it("does not apply to a negative amount (a credit note), even from 0", () => {
    expect(ruleApplies({ threshold: 0, amountBasis: "tax_included" }, { taxIncluded: "-1100", taxExcluded: "-1000" })).toBe(false);
  });
});

describe("who may decide a step", () => {
  const rule: FrozenRule = { steps: [{ anyOwner: false, users: ["U-SATO"] }, { anyOwner: true }], allowSelfApproval: false };
  const sato: Approver = { userCode: "U-SATO", owner: false };
  const owner: Approver = { userCode: "U-OWNER", owner: true };
  const ask = (step: number, approver: Approver, requestedBy = "U-AUTHOR", decidedBy: string[] = [], frozen = rule) => approvalRefusalOf({ rule: frozen, step, requestedBy, decidedBy }, approver);

  it("the named user at their step, any owner at theirs", () => {
    expect(ask(1, sato)).toBeNull();
    expect(ask(2, owner, "U-AUTHOR", ["U-SATO"])).toBeNull();
  });

  it("nobody else", () => {
    expect(ask(1, owner)).toBe("第1段階の承認者ではないため、承認・差戻しできません。");
    expect(ask(2, sato, "U-AUTHOR", [])).toBe("第2段階の承認者ではないため、承認・差戻しできません。");
    expect(ask(3, owner)).toBe("この申請には承認する段階が残っていません。");
  });

  it("not the author unless the rule allows it, and not one person for two steps", () => {
    expect(ask(1, sato, "U-SATO")).toBe("自分が申請した書類は承認・差戻しできません。");
    expect(ask(1, sato, "U-SATO", [], { ...rule, allowSelfApproval: true })).toBeNull();
    const both: FrozenRule = { steps: [{ anyOwner: true }, { anyOwner: true }], allowSelfApproval: false };
    expect(ask(2, owner, "U-AUTHOR", ["U-OWNER"], both)).toBe("前の段階を承認した人は、次の段階を承認・差戻しできません。");
  });
});

describe("a rule as posted", () => {
  it("reads any owner or named users per step, without repeating a name", () => {
    const input = approvalRuleInputSchema.parse({ threshold: "300000", amount_basis: "tax_included", steps: [{ users: ["U-SATO", "U-SATO"] }, { any_owner: true }] });
    const rule = ruleFromInput("invoice", input);
    expect(rule).toEqual({ kind: "invoice", threshold: 300000, amountBasis: "tax_included", steps: [{ anyOwner: false, users: ["U-SATO"] }, { anyOwner: true }], allowSelfApproval: false });
    expect(namedApprovers(rule.steps)).toEqual(["U-SATO"]);
  });

  it.each([
    ["no step", { steps: [] }],
    ["four steps", { steps: [{ any_owner: true }, { any_owner: true }, { any_owner: true }, { any_owner: true }] }],
    ["a step without approvers", { steps: [{ users: [] }] }],
    ["a fraction of a yen", { steps: [{ any_owner: true }], threshold: "1.5" }],
    ["a negative threshold", { steps: [{ any_owner: true }], threshold: "-1" }],
  ])("refuses %s", (_case, fields) => {
    expect(approvalRuleInputSchema.safeParse({ threshold: 0, amount_basis: "tax_excluded", ...fields }).success).toBe(false);
  });
});

describe("what waits for approval", () => {
  it("refuses issuing and sending until approved, in words", () => {
    expect(unapprovedRefusal("not_needed", "issue")).toBeNull();
    expect(unapprovedRefusal("approved", "send")).toBeNull();
    expect(unapprovedRefusal("needed", "issue")).toBe("この書類は承認が必要です。申請して承認されてから発行してください。");
    expect(unapprovedRefusal("pending", "send")).toBe("この書類は承認待ちです。承認されるまで送信できません。");
  });
});
