-- The catalogue's change log (modules/catalog/catalog-sync.ts, decision 015): one row per product that was
-- ever inserted, changed or deleted, with the id of the last transaction that touched it or its variants or
-- gallery. Each copy of the server keeps an in-memory projection of the storefront's products and applies, after
-- any write, only the rows whose transaction it has not yet seen (xid >= the snapshot xmin of its last read).
CREATE TABLE "product_changes" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"xid" xid8 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_changes_xid_idx" ON "product_changes" USING btree ("xid");
--> statement-breakpoint
CREATE FUNCTION "product_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_changes (product_id, xid)
    VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END, pg_current_xact_id())
    ON CONFLICT (product_id) DO UPDATE SET xid = excluded.xid;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "product_part_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_changes (product_id, xid)
    VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END, pg_current_xact_id())
    ON CONFLICT (product_id) DO UPDATE SET xid = excluded.xid;
  IF TG_OP = 'UPDATE' AND OLD.product_id <> NEW.product_id THEN
    INSERT INTO product_changes (product_id, xid) VALUES (OLD.product_id, pg_current_xact_id())
      ON CONFLICT (product_id) DO UPDATE SET xid = excluded.xid;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_changed" AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION "product_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_variants_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_variants" FOR EACH ROW EXECUTE FUNCTION "product_part_changed"();
--> statement-breakpoint
CREATE TRIGGER "gallery_images_changed" AFTER INSERT OR UPDATE OR DELETE ON "gallery_images" FOR EACH ROW EXECUTE FUNCTION "product_part_changed"();
--> statement-breakpoint
-- A category or brand changed (a name, a parent): product 0 stands for "every product's page" (their category
-- path and brand name are in it).
CREATE FUNCTION "taxonomy_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_changes (product_id, xid) VALUES (0, pg_current_xact_id())
    ON CONFLICT (product_id) DO UPDATE SET xid = excluded.xid;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "categories_changed" AFTER INSERT OR UPDATE OR DELETE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "taxonomy_changed"();
--> statement-breakpoint
CREATE TRIGGER "brands_changed" AFTER INSERT OR UPDATE OR DELETE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "taxonomy_changed"();
--> statement-breakpoint
-- Products from before the log: each gets a row, so a copy that loads the whole catalogue and one that reads
-- only the log agree.
INSERT INTO product_changes (product_id, xid) SELECT id, pg_current_xact_id() FROM products ON CONFLICT DO NOTHING;
