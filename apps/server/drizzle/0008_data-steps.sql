CREATE TABLE "data_steps" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
