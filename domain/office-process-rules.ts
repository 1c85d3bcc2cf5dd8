/**
 * Templates of the rules (事務処理規程) that keep electronic transaction data from being corrected
 * or deleted without good reason: the integrity measure of 電子帳簿保存法施行規則 第4条第1項第4号,
 * the one a small business can meet without time stamps or a system that records corrections.
 * The text is our own, written from the law's requirements (docs/decisions/009).
 */

export const OFFICE_PROCESS_RULE_KINDS = ["corporation", "sole_proprietor"] as const;
export type OfficeProcessRuleKind = (typeof OFFICE_PROCESS_RULE_KINDS)[number];

export const OFFICE_PROCESS_RULE_LABELS: Record<OfficeProcessRuleKind, string> = {
  corporation: "法人向け",
  sole_proprietor: "個人事業者向け",
};

/**
 * What the user fills in. For a sole proprietor, companyName is the trade name (屋号) or the
 * person's name, responsibleName is the proprietor and responsibleTitle is not used: the
 * proprietor keeps the data personally.
 */
export type OfficeProcessRuleFill = {
  companyName: string;
  responsibleTitle: string;
  responsibleName: string;
  /** YYYY-MM-DD */
  effectiveDate: string;
};

/** A rules document in a shape both the web page and the .docx writer can render. */
export type RuleDocument = {
  title: string;
  preamble?: string;
  sections: { heading: string; paragraphs: string[] }[];
  /** Lines set apart after the text (who made the rules), right-aligned when printed. */
  footer: string[];
};

/** Shown for a value not given, so a printed copy can be completed by hand. */
export const BLANK = "＿＿＿＿";

const TITLE = "電子取引データの訂正及び削除の防止に関する事務処理規程";
const ORDINANCE = "電子計算機を使用して作成する国税関係帳簿書類の保存方法等の特例に関する法律施行規則";

function orBlank(value: string): string {
  const trimmed = value.trim();
  return trimmed === "" ? BLANK : trimmed;
}

/**
 * 「2026年11月22日」 from "2026-11-22", read from the digits so no time zone can shift the day;
 * anything that is not a real calendar date is shown as a blank date to fill in by hand.
 */
function japaneseDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate.trim());
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    // Day 0 of the next month is the last day of this one; UTC so the host's zone plays no part.
    const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
    if (month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth) return `${year}年${month}月${day}日`;
  }
  return "＿＿＿＿年＿＿月＿＿日";
}

type Article = { name: string; paragraphs: string[] };

/** Articles are numbered in order, so adding one to a template cannot leave a gap. */
function ruleDocument(preamble: string, articles: Article[], effectiveDate: string, footer: string[]): RuleDocument {
  return {
    title: TITLE,
    preamble,
    sections: [
      ...articles.map((article, index) => ({ heading: `第${index + 1}条（${article.name}）`, paragraphs: article.paragraphs })),
      { heading: "附則", paragraphs: [`（施行）この規程は、${japaneseDate(effectiveDate)}から施行する。`] },
    ],
    footer,
  };
}

// The ways electronic transactions happen, the same for both kinds of business.
const TRANSACTION_METHODS = [
  "（1）電子メールに添付され、又は本文に記載されたもの",
  "（2）取引先のウェブサイトからダウンロードし、又は画面に表示されたもの",
  "（3）帳票クラウドその他のクラウドサービスを通じて送付し、又は受領したもの",
  "（4）その他EDI取引、電子媒体の授受等の電子的な方法によるもの",
];

// A wrong document is replaced by the supplier, not corrected here: both versions stay.
const ASK_FOR_REISSUE =
  "2　受領した電子取引データの内容に誤りがある場合は、当該データを訂正せず、取引先に訂正後の書類の再発行を依頼し、当初のデータと再発行を受けたデータの双方を保存する。";

// What every correction or deletion record states; each template numbers its own first two items.
const PROCESS_RECORD_ITEMS = [
  "（3）対象となる電子取引データの取引年月日、取引先、取引金額及び書類の種類",
  "（4）訂正又は削除の内容",
  "（5）訂正又は削除の理由",
];

// Follows the procedure article, whose last paragraph states the retention period.
const STORAGE_ARTICLE: Article = {
  name: "保存場所及び保存方法",
  paragraphs: [
    "電子取引データは、帳票クラウドに登録して保存する。帳票クラウドは、受領した書類を受領したときの内容のまま改変せずに保存する。",
    "2　電子取引データは、取引年月日、取引金額及び取引先を条件として検索できる状態で保存する。帳票クラウドに保存した電子取引データは、これらの項目により検索することができる。",
    "3　電子取引データは、税務調査等の際に、ディスプレイの画面及び書面に、整然とした形式及び明瞭な状態で速やかに出力できるようにしておく。",
    "4　税務職員から電子取引データのダウンロードの求めがあった場合は、これに応じる。",
    "5　電子取引データは、前条に定める保存期間が満了するまで保存する。",
  ],
};

const KEEPING_ARTICLE: Article = {
  name: "規程の備付け",
  paragraphs: ["この規程は、電子取引データの保存に併せて備え付け、税務調査等の際に速やかに提示できるようにしておく。"],
};

function corporationRule(fill: OfficeProcessRuleFill): RuleDocument {
  const company = orBlank(fill.companyName);
  const responsible = `${orBlank(fill.responsibleTitle)}\u3000${orBlank(fill.responsibleName)}`;
  const retention =
    "保存期間（法人税法の定めにより、原則として、その取引があった事業年度の確定申告書の提出期限の翌日から7年間。ただし、欠損金額が生じた事業年度に係るものは10年間）";
  return ruleDocument(
    `${company}（以下「当社」という。）は、${ORDINANCE}第4条第1項第4号の規定に基づき、電子取引データの訂正及び削除の防止に関する事務処理の規程を次のとおり定める。`,
    [
      {
        name: "目的",
        paragraphs: [
          "この規程は、当社が行う電子取引の取引情報に係る電磁的記録（以下「電子取引データ」という。）について、正当な理由がない訂正及び削除を防止し、その真実性を確保するとともに、適正に保存するために必要な事項を定めることを目的とする。",
        ],
      },
      {
        name: "適用範囲",
        paragraphs: [
          "この規程は、当社の役員及び従業員（契約社員、パートタイマー及び派遣社員を含む。以下同じ。）が当社の業務に関して授受する電子取引データに適用する。",
          "2　この規程において電子取引データとは、注文書、契約書、見積書、納品書、請求書、領収書その他これらに準ずる書類に通常記載される事項を、次に掲げる方法により授受したものをいう。",
          ...TRANSACTION_METHODS,
        ],
      },
      {
        name: "管理責任者",
        paragraphs: [
          `電子取引データの管理の責任者（以下「管理責任者」という。）は、${responsible}とする。`,
          "2　管理責任者は、この規程に沿った運用が行われていることを定期的に確認し、必要に応じて役員及び従業員に指導を行う。",
        ],
      },
      {
        name: "訂正及び削除の原則禁止",
        paragraphs: [
          "保存する電子取引データは、訂正及び削除を行わないことを原則とする。",
          ASK_FOR_REISSUE,
        ],
      },
      {
        name: "訂正及び削除を行う場合の手続",
        paragraphs: [
          "業務処理上やむを得ない理由により保存する電子取引データを訂正又は削除する必要が生じた場合は、担当者は、あらかじめ「電子取引データ訂正・削除申請書」（以下「申請書」という。）に次に掲げる事項を記載して管理責任者に提出し、その承認を受けなければならない。",
          "（1）申請日",
          "（2）申請者の所属及び氏名",
          ...PROCESS_RECORD_ITEMS,
          "2　管理責任者は、申請の理由が正当なものであることを確認した場合に限り承認し、承認日を申請書に記載する。",
          "3　承認を受けた担当者は、訂正又は削除を行った後、処理日及び処理の内容を申請書に記載し、管理責任者の確認を受ける。",
          "4　訂正又は削除の対象となった電子取引データは、訂正又は削除の前の状態のものを消去せず、申請書とともに保存する。",
          `5\u3000申請書は、対象となった電子取引データの${retention}が満了するまで保存する。`,
        ],
      },
      STORAGE_ARTICLE,
      KEEPING_ARTICLE,
    ],
    fill.effectiveDate,
    [company, `管理責任者\u3000${responsible}`],
  );
}

function soleProprietorRule(fill: OfficeProcessRuleFill): RuleDocument {
  const business = orBlank(fill.companyName);
  const proprietor = orBlank(fill.responsibleName);
  const retention = "保存期間（所得税法の定めにより、原則として、その取引があった年の翌年3月15日の翌日から7年間）";
  return ruleDocument(
    `私は、${business}として営む事業について、${ORDINANCE}第4条第1項第4号の規定に基づき、電子取引データの訂正及び削除の防止に関する事務処理の規程を次のとおり定める。`,
    [
      {
        name: "目的",
        paragraphs: [
          "この規程は、私が行う電子取引の取引情報に係る電磁的記録（以下「電子取引データ」という。）について、正当な理由がない訂正及び削除を防止し、その真実性を確保するために必要な事項を定めることを目的とする。",
        ],
      },
      {
        name: "適用範囲",
        paragraphs: [
          "この規程は、私が事業に関して授受する電子取引データに適用する。",
          "2　この規程において電子取引データとは、注文書、契約書、見積書、納品書、請求書、領収書その他これらに準ずる書類に通常記載される事項を、次に掲げる方法により授受したものをいう。",
          ...TRANSACTION_METHODS,
        ],
      },
      {
        name: "管理責任者",
        paragraphs: [`電子取引データの保存及び管理は、事業者である私（${proprietor}）が自ら行う。`],
      },
      {
        name: "訂正及び削除の原則禁止",
        paragraphs: [
          "私は、保存する電子取引データの訂正及び削除を原則として行わない。",
          ASK_FOR_REISSUE,
        ],
      },
      {
        name: "訂正及び削除を行う場合の手続",
        paragraphs: [
          "やむを得ない理由により保存する電子取引データを訂正又は削除する場合は、あらかじめ「電子取引データ訂正・削除記録簿」（以下「記録簿」という。）に次に掲げる事項を記録したうえで行う。",
          "（1）記録日",
          "（2）訂正又は削除を行う日",
          ...PROCESS_RECORD_ITEMS,
          "2　訂正又は削除の対象となった電子取引データは、訂正又は削除の前の状態のものを消去せず、記録簿とともに保存する。",
          `3\u3000記録簿は、対象となった電子取引データの${retention}が満了するまで保存する。`,
        ],
      },
      STORAGE_ARTICLE,
      KEEPING_ARTICLE,
    ],
    fill.effectiveDate,
    [business, `事業者\u3000${proprietor}`],
  );
}

export function fillOfficeProcessRule(kind: OfficeProcessRuleKind, fill: OfficeProcessRuleFill): RuleDocument {
  return kind === "corporation" ? corporationRule(fill) : soleProprietorRule(fill);
}

/** Plain text of a rules document: blocks separated by an empty line. */
export function ruleDocumentAsText(doc: RuleDocument): string {
  const blocks = [
    doc.title,
    ...(doc.preamble === undefined ? [] : [doc.preamble]),
    ...doc.sections.map((section) => [section.heading, ...section.paragraphs].join("\n")),
    ...(doc.footer.length === 0 ? [] : [doc.footer.join("\n")]),
  ];
  return `${blocks.join("\n\n")}\n`;
}
