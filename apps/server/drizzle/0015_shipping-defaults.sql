-- The four default shipping methods (decision 021); the post's fee is the shop's fee before shipping methods.
INSERT INTO "shipping_methods" ("name", "carrier", "base_fee", "weight_included_grams", "weight_step_grams", "weight_step_fee", "estimate", "regions", "sort_order") VALUES
  ('پست پیشتاز', 'post', 45000, 1000, 500, 10000, '۲ تا ۴ روز کاری', '[]'::jsonb, 1),
  ('تیپاکس', 'tipax', 70000, 2000, 1000, 15000, '۱ تا ۳ روز کاری', '[]'::jsonb, 2),
  ('پیک درون‌شهری', 'courier', 60000, 0, 0, 0, 'همان روز یا روز کاری بعد', '[{"province":"تهران","city":"تهران"}]'::jsonb, 3),
  ('تحویل حضوری از فروشگاه', 'pickup', 0, 0, 0, 0, 'از روز کاری بعد', '[]'::jsonb, 4);
--> statement-breakpoint
-- The timeline of orders placed before it was kept: the checkout, the payment and the status they have now.
INSERT INTO "order_events" ("order_id", "status", "actor", "at")
  SELECT "id", 'awaiting_payment', 'shopper', "created_at" FROM "orders";
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "status", "actor", "at")
  SELECT "id", 'paid', 'payment', "paid_at" FROM "orders" WHERE "paid_at" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "status", "actor", "at")
  SELECT "id", "status", 'system', "updated_at" FROM "orders" WHERE "status" NOT IN ('awaiting_payment', 'paid');
