CREATE TABLE "cache_generation" (
	"id" smallint PRIMARY KEY NOT NULL,
	"v" bigint NOT NULL
);
