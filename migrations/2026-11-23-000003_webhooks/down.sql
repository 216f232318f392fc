DROP TABLE outbox;
DROP TABLE webhooks;
