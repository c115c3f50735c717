ALTER TABLE "sale_lines" ADD COLUMN "gst_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_return_lines" ADD COLUMN "gst_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each stored line's share of its sale's GST, as the server shares it from now on
-- (domains/sales/money.ts gstShares): 1/11 of each taxable line, the remainder on the largest.
UPDATE "sale_lines" AS target SET "gst_cents" = shared.gst_cents
FROM (
  SELECT sale_id, line_no, share + CASE WHEN place = 1
      THEN sale_gst - sum(share) OVER (PARTITION BY sale_id) ELSE 0 END AS gst_cents
  FROM (
    SELECT l.sale_id, l.line_no, s.gst_cents AS sale_gst,
      CASE WHEN l.taxable THEN round(l.net_cents / 11.0)::int ELSE 0 END AS share,
      row_number() OVER (PARTITION BY l.sale_id
        ORDER BY l.taxable DESC, abs(l.net_cents) DESC, l.line_no) AS place
    FROM "sale_lines" l JOIN "sales" s ON s.id = l.sale_id
  ) lines
) shared
WHERE target.sale_id = shared.sale_id AND target.line_no = shared.line_no;--> statement-breakpoint
UPDATE "sale_return_lines" AS target SET "gst_cents" = shared.gst_cents
FROM (
  SELECT return_id, line_no, share + CASE WHEN place = 1
      THEN return_gst - sum(share) OVER (PARTITION BY return_id) ELSE 0 END AS gst_cents
  FROM (
    SELECT rl.return_id, rl.line_no, r.gst_cents AS return_gst,
      CASE WHEN sl.taxable THEN round(rl.refund_cents / 11.0)::int ELSE 0 END AS share,
      row_number() OVER (PARTITION BY rl.return_id
        ORDER BY sl.taxable DESC, abs(rl.refund_cents) DESC, rl.line_no) AS place
    FROM "sale_return_lines" rl
      JOIN "sale_returns" r ON r.id = rl.return_id
      JOIN "sale_lines" sl ON sl.sale_id = r.sale_id AND sl.line_no = rl.line_no
  ) lines
) shared
WHERE target.return_id = shared.return_id AND target.line_no = shared.line_no;
