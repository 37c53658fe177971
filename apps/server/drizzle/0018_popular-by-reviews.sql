DROP INDEX "products_category_rate_idx";--> statement-breakpoint
DROP INDEX "products_rate_idx";--> statement-breakpoint
CREATE INDEX "products_category_rating_idx" ON "products" USING btree ("category_id","rating_average","rating_count","sold_count","id");--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating_average","rating_count","sold_count","id");