-- Works priced on the market before listings existed (works.market_price) stay on the market as approved
-- listings with a view licence (docs/market.md "From the market price to listings").
INSERT INTO "market_listings" ("work_id", "seller_id", "price_fen", "licence", "status", "submitted_at", "decided_at", "listed_at", "work_uid", "work_name", "work_type", "work_description", "cover_key", "search_grams", "search_text")
SELECT "id", "owner_id", "market_price", 'view', 'onMarket', "updated_at", "updated_at", "updated_at", "uid", "name", "type", "description", "cover_key", "search_grams", "search_text"
FROM "works"
WHERE "market_price" IS NOT NULL AND "deleted_at" IS NULL
ON CONFLICT ("work_id") DO NOTHING;
