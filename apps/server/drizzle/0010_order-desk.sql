ALTER TABLE "product_variants" ADD COLUMN "low_stock_alerted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "product_variants_stock_idx" ON "product_variants" USING btree ("stock") WHERE not "product_variants"."is_deleted";--> statement-breakpoint
CREATE INDEX "orders_mobile_idx" ON "orders" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin (("firstname" || ' ' || "lastname") gin_trgm_ops);