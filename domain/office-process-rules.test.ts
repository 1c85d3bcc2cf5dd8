import { describe, expect, it } from "vitest";
import {
  BLANK,
  OFFICE_PROCESS_RULE_KINDS,
  OFFICE_PROCESS_RULE_LABELS,
  fillOfficeProcessRule,
  ruleDocumentAsText,
  type OfficeProcessRuleFill,
  type OfficeProcessRuleKind,
} from "./office-process-rules";

const CORPORATION: OfficeProcessRuleFill = {
  companyName: "株式会社さくら商事",
  responsibleTitle: "経理部長",
  responsibleName: "山田太郎",
  effectiveDate: "2026-11-22",
};

const SOLE_PROPRIETOR: OfficeProcessRuleFill = {
  companyName: "さくら工房",
  responsibleTitle: "",
  responsibleName: "佐藤花子",
  effectiveDate: "2027-01-05",
};

const EMPTY: OfficeProcessRuleFill = { companyName: "", responsibleTitle: " ", responsibleName: "", effectiveDate: "" };

function textOf(kind: OfficeProcessRuleKind, fill: OfficeProcessRuleFill): string {
  return ruleDocumentAsText(fillOfficeProcessRule(kind, fill));
}

describe("fillOfficeProcessRule", () => {
  it("has a label for each kind", () => {
    expect(OFFICE_PROCESS_RULE_KINDS.map((kind) => OFFICE_PROCESS_RULE_LABELS[kind])).toEqual(["法人向け", "個人事業者向け"]);
  });

  describe("corporation", () => {
    const doc = fillOfficeProcessRule("corporation", CORPORATION);
    const text = ruleDocumentAsText(doc);

    it("names the company, the ordinance's measure and the responsible person by title and name", () => {
      expect(doc.title).toBe("電子取引データの訂正及び削除の防止に関する事務処理規程");
      expect(doc.preamble).toContain("株式会社さくら商事（以下「当社」という。）");
      expect(text).toContain("施行規則第4条第1項第4号");
      expect(text).toContain("管理責任者」という。）は、経理部長　山田太郎とする。");
      expect(doc.footer).toEqual(["株式会社さくら商事", "管理責任者　経理部長　山田太郎"]);
    });

    it("numbers the articles and ends with the effective date in Japanese style", () => {
      expect(doc.sections.map((section) => section.heading)).toEqual([
        "第1条（目的）",
        "第2条（適用範囲）",
        "第3条（管理責任者）",
        "第4条（訂正及び削除の原則禁止）",
        "第5条（訂正及び削除を行う場合の手続）",
        "第6条（保存場所及び保存方法）",
        "第7条（規程の備付け）",
        "附則",
      ]);
      expect(doc.sections.at(-1)?.paragraphs).toEqual(["（施行）この規程は、2026年11月22日から施行する。"]);
    });

    it("forbids correction and deletion, and asks for an approved application when unavoidable", () => {
      expect(text).toContain("訂正及び削除を行わないことを原則とする");
      expect(text).toContain("「電子取引データ訂正・削除申請書」");
      for (const item of ["（1）申請日", "訂正又は削除の内容", "訂正又は削除の理由", "管理責任者に提出し、その承認を受けなければならない"]) {
        expect(text).toContain(item);
      }
      expect(text).toContain("訂正又は削除の前の状態のものを消去せず");
    });

    it("keeps the application for 7 years, 10 for a year with a loss carried forward", () => {
      expect(text).toContain("申請書は、対象となった電子取引データの保存期間（法人税法の定めにより、原則として、その取引があった事業年度の確定申告書の提出期限の翌日から7年間。");
      expect(text).toContain("欠損金額が生じた事業年度に係るものは10年間");
    });

    it("keeps the data unaltered and searchable by date, amount and counterparty, with the rules beside it", () => {
      expect(text).toContain("受領した書類を受領したときの内容のまま改変せずに保存する");
      expect(text).toContain("取引年月日、取引金額及び取引先を条件として検索できる状態で保存する");
      expect(text).toContain("電子取引データの保存に併せて備え付け");
    });
  });

  describe("sole proprietor", () => {
    const doc = fillOfficeProcessRule("sole_proprietor", SOLE_PROPRIETOR);
    const text = ruleDocumentAsText(doc);

    it("names the business and has the proprietor keep the data personally", () => {
      expect(doc.preamble).toContain("私は、さくら工房として営む事業について");
      expect(text).toContain("事業者である私（佐藤花子）が自ら行う");
      expect(doc.footer).toEqual(["さくら工房", "事業者　佐藤花子"]);
      expect(text).toContain("（施行）この規程は、2027年1月5日から施行する。");
    });

    it("has the proprietor record a correction or deletion without an approval chain", () => {
      expect(text).toContain("「電子取引データ訂正・削除記録簿」");
      expect(text).toContain("訂正又は削除の理由");
      expect(text).not.toContain("承認");
      expect(text).not.toContain("当社");
      expect(text).toContain("原則として、その取引があった年の翌年3月15日の翌日から7年間");
    });

    it("keeps the data searchable by date, amount and counterparty", () => {
      expect(text).toContain("取引年月日、取引金額及び取引先を条件として検索できる状態で保存する");
    });
  });

  it.each(OFFICE_PROCESS_RULE_KINDS)("%s: shows blanks to fill in by hand for values not given", (kind) => {
    const doc = fillOfficeProcessRule(kind, EMPTY);
    expect(doc.preamble?.startsWith(kind === "corporation" ? `${BLANK}（以下「当社」` : `私は、${BLANK}として`)).toBe(true);
    expect(doc.footer[0]).toBe(BLANK);
    expect(doc.footer[1]).toContain(kind === "corporation" ? `${BLANK}\u3000${BLANK}` : BLANK);
    expect(ruleDocumentAsText(doc)).toContain("この規程は、＿＿＿＿年＿＿月＿＿日から施行する。");
  });

  it.each([["2026-02-30"], ["2026-13-01"], ["2026/11/22"], ["22.11.2026"]])("treats %s as no date", (effectiveDate) => {
    expect(textOf("corporation", { ...CORPORATION, effectiveDate })).toContain("＿＿＿＿年＿＿月＿＿日から施行する");
  });

  it("accepts a leap day", () => {
    expect(textOf("corporation", { ...CORPORATION, effectiveDate: "2028-02-29" })).toContain("2028年2月29日から施行する");
  });

  it("keeps characters that are special in XML and HTML as text", () => {
    const text = textOf("corporation", { ...CORPORATION, companyName: `A&B <"'>商会` });
    expect(text).toContain(`A&B <"'>商会（以下「当社」という。）`);
  });
});

describe("ruleDocumentAsText", () => {
  it("puts the title, preamble, each section and the footer in blocks", () => {
    const text = ruleDocumentAsText({
      title: "規程",
      preamble: "前文",
      sections: [{ heading: "第1条（目的）", paragraphs: ["本文", "2　次項"] }],
      footer: ["会社", "責任者"],
    });
    expect(text).toBe("規程\n\n前文\n\n第1条（目的）\n本文\n2　次項\n\n会社\n責任者\n");
  });
});
