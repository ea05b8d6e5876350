-- The record's name when the event was recorded (server/lib/auditNames.ts): the trail still names a record since deleted.
ALTER TABLE "audit_events" ADD COLUMN "entity_name" text;