ALTER TABLE "payment_service_users" ADD COLUMN "name" text;--> statement-breakpoint
-- The names the histories that keep one already recorded (the latest for each person), so histories written before
-- this column, which hold only the person's code, name the people who have not signed in since (issue 33).
UPDATE "payment_service_users" AS "user" SET "name" = "known"."name"
FROM (
  SELECT DISTINCT ON ("code") "code", "name" FROM (
    SELECT "changed_by" AS "code", "changed_by_name" AS "name", "changed_at" AS "at" FROM "document_status_history" WHERE "changed_by_name" IS NOT NULL
    UNION ALL
    SELECT "sent_by", "sent_by_name", "sent_at" FROM "reminders" WHERE "sent_by_name" IS NOT NULL
  ) AS "recorded"
  ORDER BY "code", "at" DESC
) AS "known"
WHERE "user"."user_unique_code" = "known"."code";
