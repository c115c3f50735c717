-- The report days now keep each product's months too: every shop's are built again from its
-- sales the next time a report asks (report-days.ts ensureReportDays).
UPDATE "businesses" SET "report_days_zone" = NULL;
