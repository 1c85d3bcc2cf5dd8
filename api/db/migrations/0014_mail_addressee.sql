-- Saved mail bodies that still open with the old default greeting, which wrote 「様」 whatever the
-- honorific (「株式会社X 様」), open with {宛名} instead, which follows it (御中 / 様). Bodies a company
-- wrote itself are left as they are.
UPDATE "document_settings"
SET "mail_body" = '{宛名}' || substr("mail_body", char_length('{取引先名} {取引先担当者名}様') + 1)
WHERE "mail_body" LIKE '{取引先名} {取引先担当者名}様%';
