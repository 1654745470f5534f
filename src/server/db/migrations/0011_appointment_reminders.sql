CREATE TABLE "appointment_reminders" (
	"appointment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_reminders_appointment_id_kind_starts_at_pk" PRIMARY KEY("appointment_id","kind","starts_at"),
	CONSTRAINT "appointment_reminders_kind_check" CHECK ("appointment_reminders"."kind" in ('stop_antihistamines', 'stop_nasal_antihistamines', 'two_days_before'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "scheduled_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;