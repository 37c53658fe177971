-- Issue 9: the eNamad seal is kept as its id and code, never as HTML. A stored `enamadHtml` that holds the
-- official seal link (https://trustseal.enamad.ir/?id=ID&Code=CODE) becomes `enamadId` + `enamadCode`; any other
-- HTML is dropped. The same limits as the API: id 1-12 digits, code 1-64 Latin letters and digits.
INSERT INTO "settings" ("key", "value", "updated_at")
SELECT k."key", to_jsonb(CASE k."key" WHEN 'enamadId' THEN m[1] ELSE m[2] END), now()
FROM "settings" s
CROSS JOIN LATERAL regexp_match(s."value" #>> '{}', 'trustseal\.enamad\.ir/?(?:logo\.aspx)?\?id=([0-9]{1,12})&(?:amp;)?code=([A-Za-z0-9]{1,64})(?![A-Za-z0-9])', 'i') AS m
CROSS JOIN (VALUES ('enamadId'), ('enamadCode')) AS k("key")
WHERE s."key" = 'enamadHtml' AND m IS NOT NULL
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
DELETE FROM "settings" WHERE "key" = 'enamadHtml';
