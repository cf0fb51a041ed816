-- Who looked at which order on which Tashkent day, so that an order's views count each person (or device) once a
-- day rather than every load (issue 31). `viewer` is an HMAC of who, the order and the day (order-viewers.ts): no
-- personal data in clear. The day leads the key so that deleting the past days is one range; no foreign key to
-- orders, whose check would lock the order's row at every first view.
CREATE TABLE "order_viewers" (
	"day" date NOT NULL,
	"order_id" integer NOT NULL,
	"viewer" text NOT NULL,
	CONSTRAINT "order_viewers_day_order_id_viewer_pk" PRIMARY KEY("day","order_id","viewer")
);
