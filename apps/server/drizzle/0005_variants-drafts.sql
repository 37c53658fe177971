CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"label" varchar(300) DEFAULT '' NOT NULL,
	"sku" varchar(64),
	"barcode" varchar(20),
	"price" bigint,
	"stock" integer DEFAULT 0 NOT NULL,
	"image_uri" varchar(300),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "product_variants_stock_nonneg" CHECK ("product_variants"."stock" >= 0)
);
--> statement-breakpoint
DROP INDEX "cart_items_line_uq";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "option" SET DATA TYPE varchar(300);--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "option" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "option" SET DATA TYPE varchar(300);--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "option" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_label_uq" ON "product_variants" USING btree ("product_id","label") WHERE not "product_variants"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_uq" ON "product_variants" USING btree ("sku") WHERE "product_variants"."sku" is not null and not "product_variants"."is_deleted";--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Keys become unique per category: an earlier duplicate keeps its key, a later one gets its id appended.
UPDATE "category_attributes" a SET "key" = left(a."key", 90) || '_' || a."id" WHERE EXISTS (SELECT 1 FROM "category_attributes" b WHERE b."category_id" = a."category_id" AND b."key" = a."key" AND b."id" < a."id");--> statement-breakpoint
CREATE UNIQUE INDEX "category_attributes_key_uq" ON "category_attributes" USING btree ("category_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_variant_uq" ON "cart_items" USING btree ("cart_id","variant_id");