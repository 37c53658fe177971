CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(10) DEFAULT 'status' NOT NULL,
	"status" varchar(20) NOT NULL,
	"actor" varchar(20) NOT NULL,
	"admin_id" integer,
	"note" varchar(500),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"carrier" varchar(20) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"base_fee" bigint DEFAULT 0 NOT NULL,
	"fee_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weight_included_grams" integer DEFAULT 0 NOT NULL,
	"weight_step_grams" integer DEFAULT 0 NOT NULL,
	"weight_step_fee" bigint DEFAULT 0 NOT NULL,
	"free_above" bigint,
	"estimate" varchar(100) DEFAULT '' NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_name" varchar(100);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_carrier" varchar(20);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_estimate" varchar(100);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_code" varchar(40);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" varchar(10) DEFAULT 'gateway' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");