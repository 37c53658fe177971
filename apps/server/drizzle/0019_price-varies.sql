ALTER TABLE "products" ADD COLUMN "price_varies" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A product's `price_varies`: some live combination has a price of its own (above the product's, which is the
-- cheapest's: variant.service.ts settledPrices). Kept here, whatever writes a variant (the product form, the CSV
-- import, the bulk tools, a data step), so the storefront's cards never say one price for a product sold at several.
CREATE FUNCTION "variant_price_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid integer;
BEGIN
  FOR pid IN SELECT DISTINCT x FROM unnest(ARRAY[OLD.product_id, NEW.product_id]) AS x WHERE x IS NOT NULL LOOP
    UPDATE products SET price_varies = v.varies
      FROM (SELECT exists(SELECT 1 FROM product_variants WHERE product_id = pid AND NOT is_deleted AND price IS NOT NULL) AS varies) AS v
      WHERE products.id = pid AND products.price_varies IS DISTINCT FROM v.varies;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_variants_price_varies" AFTER INSERT OR DELETE OR UPDATE OF "price", "is_deleted", "product_id" ON "product_variants"
  FOR EACH ROW EXECUTE FUNCTION "variant_price_changed"();
--> statement-breakpoint
UPDATE products SET price_varies = true
  WHERE exists(SELECT 1 FROM product_variants v WHERE v.product_id = products.id AND NOT v.is_deleted AND v.price IS NOT NULL);
