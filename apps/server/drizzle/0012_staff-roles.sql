ALTER TABLE "users" ADD COLUMN "staff_role" varchar(20);--> statement-breakpoint
CREATE INDEX "audit_log_user_created_idx" ON "audit_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_created_idx" ON "audit_log" USING btree ("entity","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_ck" CHECK ("users"."staff_role" in ('owner', 'operator', 'editor'));--> statement-breakpoint
-- Every admin before roles could do everything: they become owners (decision 020).
UPDATE "users" SET "staff_role" = 'owner' WHERE "is_admin";