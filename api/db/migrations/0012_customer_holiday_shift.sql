ALTER TABLE "customers" ADD COLUMN "holiday_shift" text DEFAULT 'previous' NOT NULL;--> statement-breakpoint
-- Furigana as full-width katakana (domain/normalize.ts toKatakana): half-width kana composed by NFKC, hiragana shifted to katakana. search_key already folds both, so it stays as it is.
UPDATE "customers" SET "name_kana" = translate(
  CASE WHEN "name_kana" ~ '[｡-ﾟ]' THEN normalize("name_kana", NFKC) ELSE "name_kana" END,
  'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖゝゞ',
  'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶヽヾ'
) WHERE "name_kana" ~ '[ぁ-ゖゝゞ｡-ﾟ]';
