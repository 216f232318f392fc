DROP TABLE mail_replies;
