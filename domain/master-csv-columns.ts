/**
 * The headings of the customers and items CSV files, in file order, by the
 * input field each fills. The API reads and writes files with them; the
 * screens list them for people preparing a file.
 */
export const CUSTOMER_CSV_HEADERS = {
  name: "取引先名",
  name_kana: "フリガナ",
  honorific: "敬称",
  department: "部署名",
  person_in_charge: "担当者名",
  postal_code: "郵便番号",
  address1: "住所",
  address2: "建物名など",
  tel: "電話番号",
  emails: "送付先メールアドレス",
  registered_no: "登録番号",
  peppol_id: "Peppol ID",
  closing_day: "締め日",
  payment_month_offset: "支払月",
  payment_day: "支払日",
  holiday_shift: "支払期日が休日の場合",
  notes: "メモ",
} as const;

export const ITEM_CSV_HEADERS = {
  code: "品目コード",
  name: "品目名",
  unit: "単位",
  unit_price: "単価",
  tax_rate: "税率",
} as const;

/** Rows with this column filled update that record; rows without it are new. */
export const CSV_ID_HEADER = "ID";
