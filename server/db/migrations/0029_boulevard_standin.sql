CREATE TABLE "boulevard_standin_installs" (
	"business_id" text PRIMARY KEY NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL
);
