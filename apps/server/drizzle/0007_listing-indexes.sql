DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_sold_idx";--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","off_price","id");--> statement-breakpoint
CREATE INDEX "products_category_sold_idx" ON "products" USING btree ("category_id","sold_count","id");--> statement-breakpoint
CREATE INDEX "products_category_discount_idx" ON "products" USING btree ("category_id","off_persent","id");--> statement-breakpoint
CREATE INDEX "products_category_rate_idx" ON "products" USING btree ("category_id","rate","sold_count","id");--> statement-breakpoint
CREATE INDEX "products_discount_idx" ON "products" USING btree ("off_persent","id");--> statement-breakpoint
CREATE INDEX "products_rate_idx" ON "products" USING btree ("rate","sold_count","id");--> statement-breakpoint
CREATE INDEX "products_listing_idx" ON "products" USING btree ("category_id","brand_id","off_price","stock","has_off") WHERE not "products"."is_deleted" and not "products"."is_draft";--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("off_price","id");--> statement-breakpoint
CREATE INDEX "products_sold_idx" ON "products" USING btree ("sold_count","id");