CREATE INDEX "products_stock_idx" ON "products" USING btree ("stock","id");--> statement-breakpoint
CREATE INDEX "products_alias_idx" ON "products" USING btree ("alias");